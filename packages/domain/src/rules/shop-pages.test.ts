import { describe, expect, it } from "vitest";
import { contactMessageBody, shopPageBody } from "../schemas/shop-page";
import { type ShopFacts, cleanPageText, defaultShopPage, pageParagraphs, shopPageKeys } from "./shop-pages";

const facts: ShopFacts = {
  name: "Artesanías Oaxaca",
  email: "hola@oaxaca.mx",
  phone: "+52 5512345678",
  address: null,
  url: "/tienda/oaxaca",
  year: 2026,
};

describe("default info pages (storefront-and-admin §2, store footer)", () => {
  it.each(shopPageKeys.flatMap((page) => (["es", "en", "es-AR"] as const).map((locale) => [page, locale] as const)))(
    "%s in %s names the shop",
    (page, locale) => {
      const text = defaultShopPage(page, locale, facts);
      expect(text.title.length).toBeGreaterThan(0);
      expect(`${text.title}\n${text.body}`).toContain("Artesanías Oaxaca");
    },
  );

  it("privacy notice carries the LFPDPPP elements: responsible party, purposes, ARCO rights, transfers, changes", () => {
    const body = defaultShopPage("privacidad", "es", facts).body;
    for (const part of ["Responsable: Artesanías Oaxaca", "Finalidades", "Derechos ARCO", "Transferencias", "Cambios", "hola@oaxaca.mx"])
      expect(body).toContain(part);
    expect(defaultShopPage("privacidad", "en", facts).body).toContain("ARCO rights");
  });

  it("uses the shop's address when it has one, and voseo in es-AR", () => {
    expect(defaultShopPage("privacidad", "es", { ...facts, address: "Calle 5 de Mayo 10, Oaxaca" }).body).toContain(
      "con domicilio en Calle 5 de Mayo 10, Oaxaca",
    );
    expect(defaultShopPage("terms", "es-AR", facts).body).toContain("podés solicitar una devolución");
    expect(defaultShopPage("terms", "es", facts).body).toContain("puedes solicitar una devolución");
  });

  it("points to the contact form when the shop has neither e-mail nor phone", () => {
    expect(defaultShopPage("acerca", "es", { ...facts, email: null, phone: null }).body).toContain("el formulario de la página Contacto");
  });
});

describe("owner's text", () => {
  it.each([
    ["removes HTML tags", "<script>alert(1)</script>Hola <b>mundo</b>", "alert(1)Hola mundo"],
    ["normalises line breaks and collapses blank lines", "uno\r\n\r\n\r\n\r\ndos  \n", "uno\n\ndos"],
    ["drops control characters", "a\u0000b\u0007c", "abc"],
  ])("%s", (_, input, expected) => expect(cleanPageText(input)).toBe(expected));

  it("splits paragraphs and lines, and links only http(s) and e-mail addresses", () => {
    expect(pageParagraphs("Hola\nVisita https://x.mx/a.\n\nEscribe a a@b.mx o javascript:alert(1)")).toEqual([
      [
        [{ kind: "text", text: "Hola" }],
        [
          { kind: "text", text: "Visita " },
          { kind: "link", text: "https://x.mx/a", href: "https://x.mx/a" },
          { kind: "text", text: "." },
        ],
      ],
      [
        [
          { kind: "text", text: "Escribe a " },
          { kind: "link", text: "a@b.mx", href: "mailto:a@b.mx" },
          { kind: "text", text: " o javascript:alert(1)" },
        ],
      ],
    ]);
  });

  it("page body: title required and ≤ 150, text cleaned and ≤ 20,000", () => {
    expect(shopPageBody.safeParse({ title: "<i></i>", body: "x" }).success).toBe(false);
    expect(shopPageBody.safeParse({ title: "a".repeat(151), body: "x" }).success).toBe(false);
    expect(shopPageBody.safeParse({ title: "T", body: "a".repeat(20_001) }).success).toBe(false);
    expect(shopPageBody.parse({ title: " T ", body: "<p>Hola</p>" })).toEqual({ title: "T", body: "Hola" });
  });
});

describe("contact form (message ≤ 2000)", () => {
  const valid = { name: "Ana", email: "ana@x.mx", message: "Hola" };
  it.each([
    ["accepts a message without phone", valid, true],
    ["accepts 2000 characters", { ...valid, message: "a".repeat(2000) }, true],
    ["refuses 2001 characters", { ...valid, message: "a".repeat(2001) }, false],
    ["refuses a bad e-mail", { ...valid, email: "ana" }, false],
    ["refuses an empty message", { ...valid, message: "  " }, false],
    ["refuses letters in the phone", { ...valid, phone: "abc" }, false],
  ])("%s", (_, input, ok) => expect(contactMessageBody.safeParse(input).success).toBe(ok));
});

describe("shop-pages messages", () => {
  it("reuse no code of another message group (a later spread would silently replace its text)", async () => {
    const { shopPageMessages } = await import("../messages/shop-pages");
    const others = await Promise.all(
      ["accounts", "admin", "admin-ui", "checkout", "common", "storefront", "notifications", "orders", "returns", "reviews"].map(
        async (name) => Object.keys(Object.values(await import(`../messages/${name}.ts`))[0] as object),
      ),
    );
    const taken = new Set(others.flat());
    expect(Object.keys(shopPageMessages).filter((code) => taken.has(code))).toEqual([]);
  });
});
