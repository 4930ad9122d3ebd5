import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createTestApp } from "../../test/harness";
import { type ShopWithRoles, createShopWithRoles } from "../../test/shop-with-roles";

/**
 * Issue 31: a shop is found by its id too (/tienda/{shop id}, commerce-and-accounts L47), and its contact details (the
 * contact e-mail and phone, the WhatsApp number of the messaging button; storefront-and-admin L41) are set through
 * PATCH /shops/{slug} by its admins only, checked as the settings form checks them.
 */
describe("shop by id and the shop's contact details", () => {
  let t: TestApp;
  let cast: ShopWithRoles;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createShopWithRoles(t, { shop: { name: "Casa Contacto" } });
  });
  afterAll(async () => t.close());

  const patch = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: "PATCH", url: `/api/v1/shops/${cast.shop.slug}`, headers, payload });

  it("GET /shops/{id} answers the shop with its slug; an unknown id is 'Tienda no encontrada'", async () => {
    const byId = await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.id.toUpperCase()}` });
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toMatchObject({ slug: cast.shop.slug, name: "Casa Contacto" });
    const unknown = await t.app.inject({ method: "GET", url: "/api/v1/shops/8f1c2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe("Tienda no encontrada");
  });

  it("the owner and an admin set the contact e-mail, phone and WhatsApp; the shop shows them", async () => {
    for (const persona of ["owner", "admin"] as const) {
      const saved = await patch(cast.as[persona], {
        contact_email: ` Hola@Casa.MX `,
        contact_phone: "55 1234 5678",
        contact_country_code: "52",
        whatsapp_country_code: "52",
        whatsapp_phone: "5587654321",
      });
      expect(saved.statusCode, persona).toBe(200);
    }
    const shop = (await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.slug}` })).json();
    expect(shop).toMatchObject({
      contact_email: "hola@casa.mx",
      contact_phone: "5512345678",
      contact_country_code: "52",
      whatsapp_country_code: "52",
      whatsapp_phone: "5587654321",
    });
    expect((await patch(cast.as.owner, { whatsapp_phone: "", whatsapp_country_code: null })).statusCode).toBe(200);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/shops/${cast.shop.slug}` })).json().whatsapp_phone).toBeNull();
  });

  it("refuses a bad e-mail or phone with the field's message", async () => {
    const bad = await patch(cast.as.owner, { contact_email: "no-es-correo", whatsapp_phone: "12ab", contact_country_code: "+52x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      contact_email: "Correo electrónico inválido",
      whatsapp_phone: "Número inválido",
      contact_country_code: "Número inválido",
    });
  });

  it("authorization: other roles, another shop's owner and a customer get 403, anonymous 401", async () => {
    for (const persona of ["accountant", "dispatcher", "qrreader", "otherOwner", "customer"] as const)
      expect((await patch(cast.as[persona], { whatsapp_phone: "5511112222" })).statusCode, persona).toBe(403);
    expect((await patch(cast.as.anonymous, { whatsapp_phone: "5511112222" })).statusCode).toBe(401);
  });
});
