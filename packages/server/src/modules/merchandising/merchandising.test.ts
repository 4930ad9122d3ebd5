import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, createShop, createTestApp, createUser, signIn } from "../../test/harness";

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
