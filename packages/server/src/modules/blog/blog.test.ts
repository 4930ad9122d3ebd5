import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { galleryImages } from "../../db/schema/merchandising";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { createShopWithRoles, memberRoles } from "../../test/shop-with-roles";

const paragraph = (text: string, marks?: object[]) => ({
  type: "paragraph",
  content: [{ type: "text", text, ...(marks ? { marks } : {}) }],
});
const doc = (...content: object[]) => ({ type: "doc", content });

describe("shop blog: published entries for everyone, drafts and writing for the shop's owner and admins", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let otherShop: { id: string; slug: string };
  let ownerId: string;
  const as: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp();
    const cast = await createShopWithRoles(t, {
      owner: { fullName: "Lucía Hernández" },
      shop: { name: "Casa Lucía" },
      members: Object.fromEntries(memberRoles.map((role) => [role, { fullName: `Miembro ${role}` }])),
      otherShop: { name: "Otra tienda" },
    });
    ({ shop, otherShop } = cast);
    ownerId = cast.ids.owner;
    Object.assign(as, cast.as);
  });
  afterAll(async () => t.close());

  const url = (path = "", slug = shop.slug) => `/api/v1/shops/${slug}/blogs${path}`;
  const create = (headers: Record<string, string>, payload: object, extra: Record<string, string> = {}) =>
    t.app.inject({ method: "POST", url: url(), headers: { ...headers, ...extra }, payload });
  const list = (headers: Record<string, string> = {}, query = "") => t.app.inject({ method: "GET", url: `${url()}${query}`, headers });
  const adminList = (headers: Record<string, string>, query = "") =>
    t.app.inject({ method: "GET", url: `/api/v1/shops/${shop.slug}/admin/blogs${query}`, headers });

  it("the owner publishes an entry with a cover from the gallery, a link and bold text; visitors read it by its slug", async () => {
    const [cover] = await t.ctx.db
      .insert(galleryImages)
      .values({ ownerId, name: "portada", url: "/media/gallery/portada.png", storageKey: null })
      .returning();
    const body = doc(
      paragraph("Barro negro", [{ type: "bold" }]),
      paragraph("taller", [{ type: "link", attrs: { href: "https://casa.mx" } }]),
    );
    const response = await create(as.owner, {
      title: "Cómo se hace el barro negro",
      cover_image: cover.url,
      cover_image_id: cover.id,
      body,
      state: "published",
    });
    expect(response.statusCode).toBe(201);
    const entry = response.json();
    expect(entry).toMatchObject({
      slug: "como-se-hace-el-barro-negro",
      state: "published",
      excerpt: "Barro negro taller",
      cover_image: "/media/gallery/portada.png",
      author: { id: ownerId, name: "Lucía Hernández" },
    });
    expect(entry.published_at).not.toBeNull();
    const read = await t.app.inject({ method: "GET", url: url(`/${entry.slug}`) });
    expect(read.statusCode).toBe(200);
    expect(read.json().body).toEqual(body);
    expect((await t.app.inject({ method: "GET", url: url(`/${entry.id}`) })).json().slug).toBe(entry.slug);
  });

  it("drafts never leak: not in the public list, 404 on their page for anyone but the shop's owner and admins", async () => {
    const draft = (await create(as.admin, { title: "Borrador secreto", body: doc(paragraph("aún no")) })).json();
    expect(draft.state).toBe("draft");
    for (const who of ["anonymous", "customer", "otherOwner", "dispatcher", "accountant", "qrreader"]) {
      const publicList = await list(as[who]);
      expect(publicList.statusCode).toBe(200);
      expect(
        publicList.json().results.map((card: { slug: string }) => card.slug),
        who,
      ).not.toContain(draft.slug);
      const page = await t.app.inject({ method: "GET", url: url(`/${draft.slug}`), headers: as[who] });
      expect(page.statusCode, who).toBe(404);
      expect(page.json().code).toBe("blog_entry_not_found");
      expect((await t.app.inject({ method: "GET", url: url(`/${draft.id}`), headers: as[who] })).statusCode).toBe(404);
    }
    expect((await list(as.owner)).json().results.map((card: { slug: string }) => card.slug)).not.toContain(draft.slug);
    for (const who of ["owner", "admin"]) {
      expect((await t.app.inject({ method: "GET", url: url(`/${draft.slug}`), headers: as[who] })).statusCode).toBe(200);
      expect((await adminList(as[who])).json().results.map((card: { slug: string }) => card.slug)).toContain(draft.slug);
    }
    expect((await adminList(as.owner, "?state=draft")).json().results.every((card: { state: string }) => card.state === "draft")).toBe(
      true,
    );
  });

  it("only the owner and shop admins write: the other roles, another shop's owner and a customer get 403, a visitor 401", async () => {
    const target = (await create(as.owner, { title: "Para editar", body: doc(paragraph("texto")), state: "published" })).json();
    const payload = { title: "Intruso", body: doc(paragraph("x")), state: "published" };
    for (const [who, status] of [
      ["dispatcher", 403],
      ["accountant", 403],
      ["qrreader", 403],
      ["otherOwner", 403],
      ["customer", 403],
      ["anonymous", 401],
    ] as const) {
      expect((await create(as[who], payload)).statusCode, `${who} create`).toBe(status);
      const put = await t.app.inject({ method: "PUT", url: url(`/${target.id}`), headers: as[who], payload });
      expect(put.statusCode, `${who} update`).toBe(status);
      const del = await t.app.inject({ method: "DELETE", url: url(`/${target.id}`), headers: as[who] });
      expect(del.statusCode, `${who} delete`).toBe(status);
      expect((await adminList(as[who])).statusCode, `${who} admin list`).toBe(status);
    }
    // Another shop's owner writing to their own shop cannot reach this shop's entry by its id.
    const cross = await t.app.inject({ method: "PUT", url: url(`/${target.id}`, otherShop.slug), headers: as.otherOwner, payload });
    expect(cross.statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: url(`/${target.slug}`) })).json().title).toBe("Para editar");
  });

  it("saving keeps the slug and first publication date, moves the entry to the top, and a draft leaves the public list", async () => {
    const first = (await create(as.owner, { title: "Primera", body: doc(paragraph("uno")), state: "published" })).json();
    const second = (await create(as.owner, { title: "Segunda", body: doc(paragraph("dos")), state: "published" })).json();
    t.clock.advance(60_000);
    const saved = await t.app.inject({
      method: "PUT",
      url: url(`/${first.id}`),
      headers: as.admin,
      payload: { title: "Primera, corregida", body: doc(paragraph("uno bis")), state: "published" },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ slug: first.slug, title: "Primera, corregida", published_at: first.published_at });
    const slugs = (await list()).json().results.map((card: { slug: string }) => card.slug);
    expect(slugs.indexOf(first.slug)).toBeLessThan(slugs.indexOf(second.slug));
    await t.app.inject({
      method: "PUT",
      url: url(`/${second.id}`),
      headers: as.owner,
      payload: { title: "Segunda", body: doc(paragraph("dos")), state: "draft" },
    });
    expect((await list()).json().results.map((card: { slug: string }) => card.slug)).not.toContain(second.slug);
  });

  it("lists 8 per request by default with the total in matches_estimated, newest updated first", async () => {
    for (let index = 0; index < 9; index += 1) {
      t.clock.advance(1000);
      await create(as.owner, { title: `Nota ${index}`, body: doc(paragraph(`texto ${index}`)), state: "published" });
    }
    const page1 = (await list()).json();
    expect(page1.results).toHaveLength(8);
    expect(page1.results[0].title).toBe("Nota 8");
    const total = page1.matches_estimated;
    expect(total).toBeGreaterThanOrEqual(12);
    const page2 = (await list({}, "?offset=8&limit=8&sort=-updated_at")).json();
    expect(page2.results[0].title).toBe("Nota 0");
    expect((await list({}, "?sort=title")).statusCode).toBe(400);
    expect((await list({}, "?limit=500")).statusCode).toBe(400);
  });

  it("gives a repeated title its own slug, and a retried create with the same Idempotency-Key no second entry", async () => {
    const a = (await create(as.owner, { title: "Receta", body: doc(paragraph("a")) })).json();
    const b = (await create(as.owner, { title: "Receta", body: doc(paragraph("b")) })).json();
    expect([a.slug, b.slug]).toEqual(["receta", "receta-2"]);
    expect((await create(as.owner, { title: "Crear", body: doc(paragraph("c")) })).json().slug).toBe("entrada-crear");
    const payload = { title: "Una sola vez", body: doc(paragraph("x")) };
    const once = await create(as.owner, payload, { "idempotency-key": "blog-once-1" });
    const again = await create(as.owner, payload, { "idempotency-key": "blog-once-1" });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).toBe(once.json().id);
    const drafts = (await adminList(as.owner, "?state=draft&limit=30")).json().results;
    expect(drafts.filter((card: { title: string }) => card.title === "Una sola vez")).toHaveLength(1);
  });

  it("refuses hostile documents with coded 400s and publishing nothing with 422 incomplete_request", async () => {
    const cases: [object, string][] = [
      [doc(paragraph("x", [{ type: "link", attrs: { href: "javascript:alert(1)" } }])), "blog_unsafe_url"],
      [doc({ type: "image", attrs: { src: "data:image/png;base64,AA" } }), "blog_unsafe_url"],
      [doc({ type: "script", content: [] }), "blog_unknown_node"],
      [doc(paragraph("a".repeat(60_000))), "blog_body_too_large"],
    ];
    for (const [body, code] of cases) {
      const response = await create(as.owner, { title: "Hostil", body });
      expect(response.statusCode, code).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(Object.values(response.json().field_codes)).toContain(code);
    }
    // 20,000 quotes deep, sent as text: deeper than JSON.stringify itself can walk.
    const depth = 20_000;
    const deep = `${'{"type":"blockquote","content":['.repeat(depth)}${JSON.stringify(paragraph("x"))}${"]}".repeat(depth)}`;
    const tooDeep = await t.app.inject({
      method: "POST",
      url: url(),
      headers: { ...as.owner, "content-type": "application/json" },
      payload: `{"title":"Hondo","body":{"type":"doc","content":[${deep}]}}`,
    });
    expect(tooDeep.statusCode).toBe(400);
    expect(Object.values(tooDeep.json().field_codes)).toContain("blog_body_too_large");
    const empty = await create(as.owner, { title: "Vacía", body: doc({ type: "paragraph" }), state: "published" });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toMatchObject({ code: "incomplete_request", field_codes: { body: "required" } });
    expect(empty.json().message).toContain("La solicitud está incompleta");
    expect((await create(as.owner, { title: "Vacía", body: doc({ type: "paragraph" }) })).statusCode).toBe(201);
  });

  it("a cover must be one of the author's own gallery images", async () => {
    const stranger = await createUser(t.ctx);
    const [foreign] = await t.ctx.db
      .insert(galleryImages)
      .values({ ownerId: stranger.id, name: "ajena", url: "/media/gallery/ajena.png", storageKey: null })
      .returning();
    const response = await create(as.owner, { title: "Portada ajena", cover_image: foreign.url, cover_image_id: foreign.id, body: doc() });
    expect(response.statusCode).toBe(400);
    expect(response.json().field_codes).toEqual({ cover_image_id: "image_not_in_gallery" });
  });

  it("deletes an entry (owner or admin); it is gone for everyone", async () => {
    const entry = (await create(as.owner, { title: "Efímera", body: doc(paragraph("x")), state: "published" })).json();
    const removed = await t.app.inject({ method: "DELETE", url: url(`/${entry.id}`), headers: as.admin });
    expect(removed.statusCode).toBe(204);
    expect((await t.app.inject({ method: "GET", url: url(`/${entry.slug}`), headers: as.owner })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "DELETE", url: url(`/${entry.id}`), headers: as.owner })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: url("", "no-existe-x") })).json().code).toBe("shop_not_found");
  });

  it("shows the menu's 'Blog' to visitors from the first published entry until none is left", async () => {
    const sections = async (slug: string) =>
      (await t.app.inject({ method: "GET", url: `/api/v1/shops/${slug}` })).json().store_theme_info.sections_info as string[];
    const owner = await createUser(t.ctx);
    const fresh = await createShop(t.ctx, owner.id, { storeThemeInfo: { sections_info: ["products"] } });
    const headers = await signIn(t.ctx, owner.id);
    const write = (payload: object) => t.app.inject({ method: "POST", url: url("", fresh.slug), headers, payload });
    const draft = (await write({ title: "Borrador", body: doc(paragraph("x")) })).json();
    expect(await sections(fresh.slug)).toEqual(["products"]);
    const entry = (await write({ title: "Primera", body: doc(paragraph("x")), state: "published" })).json();
    expect(await sections(fresh.slug)).toEqual(["products", "blogs"]);
    await t.app.inject({
      method: "PUT",
      url: url(`/${entry.id}`, fresh.slug),
      headers,
      payload: { title: "Primera", body: doc(paragraph("x")), state: "draft" },
    });
    expect(await sections(fresh.slug)).toEqual(["products"]);
    await t.app.inject({ method: "DELETE", url: url(`/${draft.id}`, fresh.slug), headers });
    expect(await sections(fresh.slug)).toEqual(["products"]);
  });
});
