import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { shops } from "../../db/schema/shops";
import { runDueJobs } from "../../jobs/runner";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";
import { backfillShopImageVariants, queueShopImageBackfill } from "../shops/image-variants";

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = "----tianguis-test";
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from("\r\n"));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A 1400x450 PNG: left half red, right 300 px blue, rest green. */
async function bannerPng() {
  const width = 1400;
  const height = 450;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const offset = (y * width + x) * 3;
      const rgb = x < 700 ? [220, 20, 20] : x < 1100 ? [20, 200, 40] : [20, 40, 220];
      pixels.set(rgb, offset);
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer();
}

describe("merchandising API: gallery, banners, headers, carousel slides", () => {
  let t: TestApp;
  let shop: { id: string; slug: string };
  let ownerHeaders: Record<string, string>;
  const api = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, headers: Record<string, string> = {}, payload?: unknown) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const upload = async (headers: Record<string, string>, data: Buffer, type = "image/png") => {
    const body = multipart({ name: "banner", get_main_colors: "5" }, { name: "banner.png", type, data });
    return t.app.inject({
      method: "POST",
      url: "/api/v1/gallery",
      headers: { ...headers, "content-type": body.contentType },
      payload: body.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.ctx, { userLevel: 2 });
    shop = await createShop(t.ctx, owner.id);
    ownerHeaders = await signIn(t.ctx, owner.id);
  });
  afterAll(async () => t.close());

  it("uploads an image and returns its URL and main colours, most frequent first", async () => {
    const response = await upload(ownerHeaders, await bannerPng());
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.url).toMatch(/^\/media\/gallery\/.+\.png$/);
    expect(body.main_colors).toEqual(["#dc1414", "#14c828", "#1428dc"]);
  });

  it("rejects images over the limit or of other formats with the exact text", async () => {
    const tooBig = await upload(ownerHeaders, Buffer.alloc(4_000_001, 1));
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().message).toBe(
      "El tamaño de archivo de la imagen sobrepasa el máximo permitido (4MB). Los formatos válidos son .jpeg, .png, .svg",
    );
    const gif = await upload(ownerHeaders, Buffer.from("GIF89a"), "image/gif");
    expect(gif.json().code).toBe("image_rejected");
    expect((await upload({}, await bannerPng())).statusCode).toBe(401);
  });

  it("creates, lists, updates and deletes a banner; deleting removes its two gallery images", async () => {
    const desktop = (await upload(ownerHeaders, await bannerPng())).json();
    const mobile = (await upload(ownerHeaders, await bannerPng())).json();
    const created = await api("POST", `/shops/${shop.slug}/banners`, ownerHeaders, {
      image: desktop.url,
      image_id: desktop.id,
      mobile_image: mobile.url,
      mobile_image_id: mobile.id,
      url: "https://example.com/verano",
    });
    expect(created.statusCode).toBe(201);
    const banner = created.json();
    const updated = await api("PATCH", `/shops/${shop.slug}/banners/${banner.id}`, ownerHeaders, { ...banner, target: "anon" });
    expect(updated.json().target).toBe("anon");
    expect((await api("GET", `/shops/${shop.slug}/admin/banners`, ownerHeaders)).json().matches_estimated).toBe(1);
    expect((await api("GET", `/shops/${shop.slug}/banners`)).json().matches_estimated).toBe(1);
    expect((await api("GET", `/shops/${shop.slug}/banners`, ownerHeaders)).json().matches_estimated).toBe(0);
    const file = path.join(t.ctx.config.uploadDir, desktop.url.replace("/media/", ""));
    expect(fs.existsSync(file)).toBe(true);
    expect((await api("DELETE", `/shops/${shop.slug}/banners/${banner.id}`, ownerHeaders)).statusCode).toBe(204);
    expect(fs.existsSync(file)).toBe(false);
    expect((await api("DELETE", `/gallery/${mobile.id}`, ownerHeaders)).statusCode).toBe(404);
  });

  it("refuses banners and slides that point at someone else's gallery images, so deleting them cannot remove those", async () => {
    const other = await createUser(t.ctx);
    const foreign = (await upload(await signIn(t.ctx, other.id), await bannerPng())).json();
    const banner = await api("POST", `/shops/${shop.slug}/banners`, ownerHeaders, {
      image: foreign.url,
      image_id: foreign.id,
      mobile_image: foreign.url,
    });
    expect(banner.statusCode).toBe(400);
    expect(banner.json().fields.image_id).toBe("La imagen no está en tu galería");
    const slide = await api("POST", `/shops/${shop.slug}/slides`, ownerHeaders, {
      hzt_image: foreign.url,
      vrt_image: foreign.url,
      vrt_image_id: foreign.id,
    });
    expect(slide.json().fields.vrt_image_id).toBe("La imagen no está en tu galería");
    expect(fs.existsSync(path.join(t.ctx.config.uploadDir, foreign.url.replace("/media/", "")))).toBe(true);
  });

  it("validates header banners: title ≤ 30, subtitle ≤ 40, description ≤ 130, url for url actions, a label for any action", async () => {
    const bad = await api("POST", `/shops/${shop.slug}/headers`, ownerHeaders, {
      title: "x".repeat(31),
      subtitle: "y".repeat(41),
      description: "z".repeat(131),
      action_type: "url",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields).sort()).toEqual(["button_label", "description", "subtitle", "title", "url"]);
    const good = await api("POST", `/shops/${shop.slug}/headers`, ownerHeaders, {
      title: "Hecho a mano",
      action_type: "url",
      url: "https://example.com",
      button_label: "more",
    });
    expect(good.statusCode).toBe(201);
    const header = good.json();
    const none = await api("PATCH", `/shops/${shop.slug}/headers/${header.id}`, ownerHeaders, {
      title: "Sin botón",
      action_type: "none",
      button_label: "more",
      url: "https://example.com",
    });
    expect(none.json()).toMatchObject({ title: "Sin botón", action_type: "none", button_label: null, url: null });
    expect((await api("DELETE", `/shops/${shop.slug}/headers/${header.id}`, ownerHeaders)).statusCode).toBe(204);
  });

  it("shows each carousel slide only to its audience", async () => {
    const slide = (target: string) => ({
      hzt_image: "/media/d.png",
      vrt_image: "/media/m.png",
      type: "URL",
      url: "https://example.com",
      target,
    });
    const invalid = await api("POST", `/shops/${shop.slug}/slides`, ownerHeaders, { ...slide("all"), url: "no es un enlace" });
    expect(invalid.json().fields.url).toBe("El enlace no es válido");
    const missing = await api("POST", `/shops/${shop.slug}/slides`, ownerHeaders, { hzt_image: "", vrt_image: "/media/m.png" });
    expect(missing.statusCode).toBe(400);
    const ids: Record<string, string> = {};
    for (const target of ["all", "anon", "ul0", "ul1", "ul2"])
      ids[target] = (await api("POST", `/shops/${shop.slug}/slides`, ownerHeaders, slide(target))).json().id;
    const seenBy = async (headers: Record<string, string>) =>
      (await api("GET", `/shops/${shop.slug}/slides`, headers)).json().results.map((row: { target: string }) => row.target);
    expect(await seenBy({})).toEqual(["all", "anon"]);
    for (const level of [0, 1, 2])
      expect(await seenBy(await signIn(t.ctx, (await createUser(t.ctx, { userLevel: level })).id))).toEqual(["all", `ul${level}`]);
    expect((await api("GET", `/shops/${shop.slug}/admin/slides`, ownerHeaders)).json().matches_estimated).toBe(5);
    const updated = await api("PATCH", `/shops/${shop.slug}/slides/${ids.anon}`, ownerHeaders, {
      ...slide("ul1"),
      url: null,
      url_target: false,
    });
    expect(updated.json()).toMatchObject({ target: "ul1", url: null, url_target: false });
    expect((await api("DELETE", `/shops/${shop.slug}/slides/${ids.anon}`, ownerHeaders)).statusCode).toBe(204);
  });

  it("saves the shop editors' changes: colour field + color1, columns, sections, social links as null, photo shape", async () => {
    const colour = await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { field: "color1", color1: "#123456" });
    expect(colour.json().store_theme_info.color1).toBe("#123456");
    const social = await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, {
      facebook: "",
      discord: "https://discord.gg/tianguis",
      instagram: "casa",
    });
    expect(social.json()).toMatchObject({ facebook: null, discord: "https://discord.gg/tianguis", instagram: "casa" });
    const badDiscord = await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { discord: "discord" });
    expect(badDiscord.json().fields.discord).toBe("URL inválida");
    const rest = await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, {
      name: "Casa Nueva",
      columns: 1,
      sections_info: ["products", "blogs"],
      photo_display: "rec",
      hidden_darkmode: true,
    });
    expect(rest.json()).toMatchObject({ name: "Casa Nueva", photo_display: "rec", hidden_darkmode: true });
    expect(rest.json().store_theme_info).toMatchObject({ columns: 1, sections_info: ["products", "blogs"], color1: "#123456" });
    expect((await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { name: "" })).statusCode).toBe(400);
  });

  it("saves a header picture with its WebP variant at most 1600 px wide; a new header replaces it, a foreign URL has none", async () => {
    const wide = await sharp({ create: { width: 2400, height: 600, channels: 3, background: "#c2410c" } })
      .png()
      .toBuffer();
    const first = (await upload(ownerHeaders, wide)).json();
    const saved = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { header: first.url })).json();
    expect(saved.header).toBe(first.url);
    expect(saved.header_webp).toMatch(/^\/media\/.+\.webp$/);
    const variant = await t.app.inject({ method: "GET", url: saved.header_webp });
    expect(await sharp(variant.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1600, height: 400 });
    expect((await api("GET", `/shops/${shop.slug}`)).json().header_webp).toBe(saved.header_webp);

    const fileOf = (url: string) => path.join(t.ctx.config.uploadDir, url.replace("/media/", ""));
    const small = (await upload(ownerHeaders, await bannerPng())).json();
    const replaced = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { header: small.url })).json();
    const smallVariant = await t.app.inject({ method: "GET", url: replaced.header_webp });
    expect(await sharp(smallVariant.rawPayload).metadata()).toMatchObject({ format: "webp", width: 1400, height: 450 });
    expect(fs.existsSync(fileOf(saved.header_webp))).toBe(false);

    const foreign = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { header: "https://cdn.example.com/cabecera.png" })).json();
    expect(foreign).toMatchObject({ header: "https://cdn.example.com/cabecera.png", header_webp: null });
    expect(fs.existsSync(fileOf(replaced.header_webp))).toBe(false);
    expect((await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { header: null })).json()).toMatchObject({
      header: null,
      header_webp: null,
    });
  });

  it("saves a logo with a small WebP variant (shorter side at most 128 px, never enlarged); replacing or clearing deletes it", async () => {
    const png = (width: number, height: number) =>
      sharp({ create: { width, height, channels: 3, background: "#0f766e" } })
        .png()
        .toBuffer();
    const fileOf = (url: string) => path.join(t.ctx.config.uploadDir, url.replace("/media/", ""));
    const sizeOf = async (url: string) => sharp((await t.app.inject({ method: "GET", url })).rawPayload).metadata();

    const square = (await upload(ownerHeaders, await png(600, 600))).json();
    const saved = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: square.url })).json();
    expect(saved.photo).toBe(square.url);
    expect(saved.photo_webp).toMatch(/^\/media\/.+\.webp$/);
    expect(await sizeOf(saved.photo_webp)).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect((await api("GET", `/shops/${shop.slug}`)).json().photo_webp).toBe(saved.photo_webp);

    // A wide logo fills the top bar's 84x42 box: its height is the bound, its width at most 512 px.
    const wide = (await upload(ownerHeaders, await png(1000, 400))).json();
    const widened = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: wide.url })).json();
    expect(await sizeOf(widened.photo_webp)).toMatchObject({ format: "webp", width: 320, height: 128 });
    expect(fs.existsSync(fileOf(saved.photo_webp))).toBe(false);
    const banner = (await upload(ownerHeaders, await png(3000, 300))).json();
    const bannered = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: banner.url })).json();
    expect(await sizeOf(bannered.photo_webp)).toMatchObject({ format: "webp", width: 512, height: 51 });

    const tiny = (await upload(ownerHeaders, await png(60, 40))).json();
    const small = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: tiny.url })).json();
    expect(await sizeOf(small.photo_webp)).toMatchObject({ format: "webp", width: 60, height: 40 });
    expect(fs.existsSync(fileOf(bannered.photo_webp))).toBe(false);

    const foreign = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: "https://cdn.example.com/logo.png" })).json();
    expect(foreign).toMatchObject({ photo: "https://cdn.example.com/logo.png", photo_webp: null });
    expect(fs.existsSync(fileOf(small.photo_webp))).toBe(false);

    const again = (await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: square.url })).json();
    expect(fs.existsSync(fileOf(again.photo_webp))).toBe(true);
    expect((await api("PATCH", `/shops/${shop.slug}`, ownerHeaders, { photo: null })).json()).toMatchObject({
      photo: null,
      photo_webp: null,
    });
    expect(fs.existsSync(fileOf(again.photo_webp))).toBe(false);
  });

  it("answers 401 to anonymous visitors and 403 to signed-in non-admins on every write", async () => {
    const stranger = await signIn(t.ctx, (await createUser(t.ctx, { userLevel: 2 })).id);
    const banner = (
      await api("POST", `/shops/${shop.slug}/banners`, ownerHeaders, { image: "/media/a.png", mobile_image: "/media/b.png" })
    ).json();
    const header = (await api("POST", `/shops/${shop.slug}/headers`, ownerHeaders, { title: "Hola" })).json();
    const slide = (
      await api("POST", `/shops/${shop.slug}/slides`, ownerHeaders, { hzt_image: "/media/a.png", vrt_image: "/media/b.png" })
    ).json();
    const writes: ["GET" | "POST" | "PATCH" | "DELETE", string, unknown?][] = [
      ["POST", `/shops/${shop.slug}/banners`, { image: "/media/a.png", mobile_image: "/media/b.png" }],
      ["PATCH", `/shops/${shop.slug}/banners/${banner.id}`, { image: "/media/a.png", mobile_image: "/media/b.png" }],
      ["DELETE", `/shops/${shop.slug}/banners/${banner.id}`],
      ["GET", `/shops/${shop.slug}/admin/banners`],
      ["POST", `/shops/${shop.slug}/headers`, { title: "X" }],
      ["PATCH", `/shops/${shop.slug}/headers/${header.id}`, { title: "X" }],
      ["DELETE", `/shops/${shop.slug}/headers/${header.id}`],
      ["GET", `/shops/${shop.slug}/admin/headers`],
      ["POST", `/shops/${shop.slug}/slides`, { hzt_image: "/media/a.png", vrt_image: "/media/b.png" }],
      ["PATCH", `/shops/${shop.slug}/slides/${slide.id}`, { hzt_image: "/media/a.png", vrt_image: "/media/b.png" }],
      ["DELETE", `/shops/${shop.slug}/slides/${slide.id}`],
      ["GET", `/shops/${shop.slug}/admin/slides`],
      ["PATCH", `/shops/${shop.slug}`, { field: "color1", color1: "#000000" }],
    ];
    for (const [method, url, payload] of writes) {
      expect((await api(method, url, {}, payload)).statusCode, `${method} ${url} anonymous`).toBe(401);
      expect((await api(method, url, stranger, payload)).statusCode, `${method} ${url} stranger`).toBe(403);
    }
    expect((await api("GET", `/shops/${shop.slug}/admin/slides`, ownerHeaders)).json().matches_estimated).toBeGreaterThan(0);
  });
});

describe("backfill of shop header and logo variants for shops saved before them", () => {
  let t: TestApp;
  let ownerId: string;
  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t.ctx, { userLevel: 2 })).id;
  });
  afterAll(async () => t.close());

  const stored = async (key: string, width: number, height: number) =>
    t.ctx.storage.put(
      key,
      await sharp({ create: { width, height, channels: 3, background: "#7c3aed" } })
        .png()
        .toBuffer(),
      "image/png",
    );
  const row = async (id: string) => (await t.ctx.db.select().from(shops).where(eq(shops.id, id)))[0];
  const variantsIn = (shopId: string) => {
    const folder = path.join(t.ctx.config.uploadDir, "shops", shopId);
    return fs.existsSync(folder) ? fs.readdirSync(folder).sort() : [];
  };
  const sizeOf = async (url: string) => sharp((await t.app.inject({ method: "GET", url })).rawPayload).metadata();

  it("makes the missing variants of our files in batches, skips foreign and broken ones, and is idempotent", async () => {
    const full = await createShop(t.ctx, ownerId, {
      header: await stored("gallery/old/header.png", 2400, 600),
      photo: await stored("gallery/old/logo.png", 500, 500),
    });
    const foreign = await createShop(t.ctx, ownerId, {
      header: "https://cdn.example.com/cabecera.png",
      photo: "https://cdn.example.com/logo.png",
    });
    await t.ctx.storage.put("gallery/old/broken.png", Buffer.from("not a picture"), "image/png");
    const broken = await createShop(t.ctx, ownerId, { header: "/media/gallery/old/missing.png", photo: "/media/gallery/old/broken.png" });
    const logoOnly = await createShop(t.ctx, ownerId, { photo: await stored("gallery/old/logo-2.png", 90, 90) });
    const done = await createShop(t.ctx, ownerId, {
      header: await stored("gallery/old/header-2.png", 800, 200),
      headerWebp: "/media/shops/done/header.webp",
    });
    const warn = vi.spyOn(t.ctx.log, "warn");

    // Small batches, each starting after the last shop of the one before, until none is left.
    let batches = 0;
    for (let after: string | null = null; ; batches += 1) {
      const batch = await backfillShopImageVariants(t.ctx, after, 2);
      if (!batch.next) break;
      after = batch.next;
    }
    expect(batches).toBe(2);

    const filled = await row(full.id);
    expect(await sizeOf(filled.headerWebp!)).toMatchObject({ format: "webp", width: 1600, height: 400 });
    expect(await sizeOf(filled.photoWebp!)).toMatchObject({ format: "webp", width: 128, height: 128 });
    expect(await row(foreign.id)).toMatchObject({ headerWebp: null, photoWebp: null });
    expect(await row(broken.id)).toMatchObject({ headerWebp: null, photoWebp: null });
    expect(warn.mock.calls.map(([fields]) => (fields as { url: string }).url).sort()).toEqual([
      "/media/gallery/old/broken.png",
      "/media/gallery/old/missing.png",
    ]);
    const logo = await row(logoOnly.id);
    expect(logo.headerWebp).toBeNull();
    expect(await sizeOf(logo.photoWebp!)).toMatchObject({ format: "webp", width: 90, height: 90 });
    expect(await row(done.id)).toMatchObject({ headerWebp: "/media/shops/done/header.webp", photoWebp: null });
    expect(variantsIn(full.id)).toHaveLength(2);
    expect(variantsIn(foreign.id)).toEqual([]);
    expect(variantsIn(broken.id)).toEqual([]);

    // Queued on every start: once only while a run waits, run by the job runner, a second run changes nothing.
    expect(await queueShopImageBackfill(t.ctx)).toBe(true);
    expect(await queueShopImageBackfill(t.ctx)).toBe(false);
    expect(await runDueJobs(t.ctx)).toBe(1);
    expect(await queueShopImageBackfill(t.ctx)).toBe(true);
    expect(await runDueJobs(t.ctx)).toBe(1);
    expect(await row(full.id)).toEqual(filled);
    expect(variantsIn(full.id)).toHaveLength(2);
    expect(variantsIn(logoOnly.id)).toHaveLength(1);
    warn.mockRestore();
  });

  it("runs through the job runner batch after batch, and never overwrites a header changed while its variant was made", async () => {
    const racing = await createShop(t.ctx, ownerId, { header: await stored("gallery/race/header.png", 1800, 500) });
    const waiting = await createShop(t.ctx, ownerId, { photo: await stored("gallery/race/logo.png", 300, 200) });
    // More shops without variants than one batch looks at (foreign headers: nothing to make, quick to look at).
    for (let n = 0; n < 20; n += 1) await createShop(t.ctx, ownerId, { header: `https://cdn.example.com/${n}.png` });
    // The owner saves another header between the backfill's reading of the old one and its writing of the variant.
    const put = t.ctx.storage.put;
    const spy = vi.spyOn(t.ctx.storage, "put").mockImplementation(async (key, data, type) => {
      const url = await put(key, data, type);
      if (key.startsWith(`shops/${racing.id}/header-`))
        await t.ctx.db.update(shops).set({ header: "https://cdn.example.com/nueva.png" }).where(eq(shops.id, racing.id));
      return url;
    });
    expect(await queueShopImageBackfill(t.ctx)).toBe(true);
    const ran = await runDueJobs(t.ctx);
    spy.mockRestore();

    expect(await row(racing.id)).toMatchObject({ header: "https://cdn.example.com/nueva.png", headerWebp: null });
    expect(variantsIn(racing.id)).toEqual([]);
    expect(await sizeOf((await row(waiting.id)).photoWebp!)).toMatchObject({ format: "webp", width: 192, height: 128 });
    // 25 shops lack a variant (with the previous test's foreign and broken ones): a batch of 20, then one of 5.
    expect(ran).toBe(2);
    expect(await queueShopImageBackfill(t.ctx)).toBe(true);
  });
});
