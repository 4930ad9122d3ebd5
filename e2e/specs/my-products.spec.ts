import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap, waitForHydration } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { card, open, signedIn } from "./storefront-helpers";

const png = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="700"><defs><linearGradient id="g" x1="0" x2="1"><stop offset="0" stop-color="#c2410c"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="450" cy="350" r="200" fill="#fff" fill-opacity=".8"/></svg>`,
);

const notAnImage = { name: "no-es-foto.png", mimeType: "image/png", buffer: Buffer.from("esto no es una imagen, solo texto") };
const rejected = "ERROR: El tamaño de archivo de la imagen sobrepasa el máximo permitido (4MB) o el formato de la imagen es inválido";
const uploadFailed = "La foto no se pudo actualizar en este momento, intentelo mas tarde";

/** The create form, hydrated (the first click on 'Agregar variante' proves it), with a name and a price typed in. */
async function startProduct(page: Page, name: string) {
  await open(page, "/apps/me/products/create");
  await expect
    .poll(async () => {
      await page
        .getByRole("button", { name: "Agregar variante" })
        .click({ timeout: 1000 })
        .catch(() => undefined);
      return page.getByLabel("Nombre (p. ej. Color)").count();
    })
    .toBeGreaterThan(0);
  await page.getByRole("textbox", { name: /^Nombre\s*\*?$/ }).fill(name);
  await page.getByRole("textbox", { name: /^Precio\s*\*?$/ }).fill("150.00");
}

/** The multipart body the browser would send with `file` as its only photo. */
function photosBody(file: { name: string; mimeType: string; buffer: Buffer }) {
  const boundary = "----tianguis-e2e-boundary";
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="${file.name}"\r\nContent-Type: ${file.mimeType}\r\n\r\n`;
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([Buffer.from(head), file.buffer, Buffer.from(`\r\n--${boundary}--\r\n`)]),
  };
}

/** What a visitor finds in the demo shop's listing for `q`: names and list states. */
async function publicStates(q: string): Promise<{ name: string; list_state: string }[]> {
  const answer = await fetch(`${baseURL()}/api/v1/shops/demo/products?q=${encodeURIComponent(q)}`);
  const { results } = (await answer.json()) as { results: { name: string; list_state: string }[] };
  return results.map(({ name, list_state }) => ({ name, list_state }));
}

describe("My products: create, edit with photos, and who may edit", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("creates a product with a photo and a variant, edits its price, and shows it in the shop", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/apps/me/products/create");
    // The first click proves the form is interactive (hydrated) before typing into it.
    await expect
      .poll(async () => {
        await page
          .getByRole("button", { name: "Agregar variante" })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return page.getByLabel("Nombre (p. ej. Color)").count();
      })
      .toBeGreaterThan(0);
    await page.getByRole("textbox", { name: /^Nombre\s*\*?$/ }).fill("Cojín bordado de Tenango");
    await page.getByLabel("Descripción").first().fill("Funda de manta bordada a mano con hilos de colores.");
    await page.getByRole("textbox", { name: /^Precio\s*\*?$/ }).fill("420.00");
    await page.getByLabel("Existencias").fill("7");
    await page.getByLabel("Nombre (p. ej. Color)").fill("Medida");
    await page.getByLabel("Valor (p. ej. Rojo)").fill("45 x 45 cm");
    await page.locator('input[type="file"]').setInputFiles({ name: "cojin.svg", mimeType: "image/svg+xml", buffer: png });
    await page.getByRole("img", { name: "Foto 1" }).waitFor();
    await snap(page, "my-products-create-desktop");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(/\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);
    await page.getByRole("heading", { name: "Editar producto" }).waitFor();
    await page.getByRole("img", { name: "Foto 1" }).waitFor();

    await page.getByLabel("Precio tachado (antes)").fill("500.00");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto guardado").waitFor();

    await open(page, "/tienda/demo/productos?q=cojin");
    const created = card(page, "Cojín bordado de Tenango");
    await created.getByText("Ahorra: $80.00").waitFor();
    expect(await created.locator("img").getAttribute("src")).toMatch(/\/media\/products\/.+\/350x419\.webp$/);
    await created.click();
    await page.getByRole("rowheader", { name: "Medida" }).waitFor();
    await context.close();
  });

  it("edits the package a product ships in: a partial size is refused on the side missing, then weight and sides are kept", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", { width: 390, height: 844 });
    await startProduct(page, "Cántaro de barro para envío");
    await page.getByLabel("Existencias").fill("4");
    const box = page.getByRole("region", { name: "Paquete para el envío" });
    await box.getByLabel("Peso (g)").fill("1800");
    await box.getByLabel("Largo (cm)").fill("35");
    await box.getByLabel("Alto (cm)").fill("40");
    await page.getByRole("button", { name: "Guardar" }).click();
    await box.getByText("Escribe las tres medidas del paquete (largo, ancho y alto) o ninguna.").waitFor();
    expect(await box.getByLabel("Ancho (cm)").getAttribute("aria-invalid")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "my-products-package-phone", { fullPage: true });

    await box.getByLabel("Ancho (cm)").fill("35");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.waitForURL(/\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);
    await page.getByRole("heading", { name: "Editar producto" }).waitFor();
    expect(await box.getByLabel("Peso (g)").inputValue()).toBe("1800");
    expect(await box.getByLabel("Ancho (cm)").inputValue()).toBe("35");
    const id = page.url().split("/")[6];
    const saved = await (await context.request.get(`/api/v1/shops/demo/products/${id}`)).json();
    expect(saved).toMatchObject({ weight_grams: 1800, package_cm: { length: 35, width: 35, height: 40 } });
    await context.close();
  });

  it("shows field errors from the server", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", { width: 390, height: 844 });
    await open(page, "/apps/me/products/services/create");
    await page.getByRole("heading", { name: "Nuevo servicio" }).waitFor();
    await expect
      .poll(async () => {
        await page
          .getByRole("button", { name: "Agregar variante" })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return page.getByLabel("Nombre (p. ej. Color)").count();
      })
      .toBeGreaterThan(0);
    await page.getByRole("textbox", { name: /^Precio\s*\*?$/ }).fill("300");
    await page.getByLabel("Precio tachado (antes)").fill("100");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Debe ser mayor que el precio").waitFor();
    await page.getByText("Requerido").first().waitFor();
    await snap(page, "my-products-errors-phone");
    await context.close();
  });

  it("refuses a file named .png that is not an image before anything is saved", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await startProduct(page, "Servilletero de palma");
    await page.locator('input[type="file"]').setInputFiles(notAnImage);
    await page.getByText(rejected).waitFor();
    expect(await page.getByRole("img", { name: "Foto 1" }).count()).toBe(0);
    expect((await publicStates("servilletero")).map((product) => product.name)).not.toContain("Servilletero de palma");
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("Producto creado").waitFor();
    // The refused photo's message does not stay beside 'Producto creado' (it leaves with its exit transition).
    await page.getByText(rejected).waitFor({ state: "detached" });
    expect(await page.getByText(uploadFailed).count()).toBe(0);
    await context.close();
  });

  it("keeps a new product unpublished when the server cannot decode its photo, and never says it was created", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await startProduct(page, "Canasta de mimbre azul");
    await page.locator('input[type="file"]').setInputFiles({ name: "canasta.svg", mimeType: "image/svg+xml", buffer: png });
    await page.getByRole("img", { name: "Foto 1" }).waitFor();
    // A photo the browser shows but the server's decoder refuses: the upload reaches the real server with other bytes.
    await page.route("**/api/v1/shops/demo/products/*/photos", async (route) => {
      const { contentType, body } = photosBody(notAnImage);
      const { "content-length": _length, ...headers } = route.request().headers();
      await route.continue({ headers: { ...headers, "content-type": contentType }, postData: body });
    });
    await page.getByRole("button", { name: "Guardar" }).click();
    await page.getByText("El producto se guardó sin publicar. Agrega otra foto y publícalo.").waitFor();
    await page.getByText(rejected).waitFor();
    await page.waitForURL(/\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);
    await expect.poll(() => page.getByRole("textbox", { name: "Estado" }).inputValue()).toBe("No publicado");
    expect(await page.getByText("Producto creado").count()).toBe(0);
    expect(await page.getByText(uploadFailed).count()).toBe(0);
    // Unpublished items show faded and cannot be bought (storefront-and-admin §2, product card).
    expect(await publicStates("canasta")).toContainEqual({ name: "Canasta de mimbre azul", list_state: "unpublished" });
    await context.close();
  });

  it("gives the shop's admin an add card first on each listing, for the listing's type", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo/productos");
    const add = page.getByRole("link", { name: "Agregar producto", exact: true });
    await add.waitFor();
    expect(await add.getAttribute("href")).toBe("/apps/me/products/create?shop=demo");
    await snap(page, "listing-add-card-desktop");
    for (const [path, label, href] of [
      ["servicios", "Agregar servicio", "/apps/me/products/services/create?shop=demo"],
      ["experiencias", "Agregar experiencia", "/apps/me/products/create?shop=demo&type=experience"],
      ["digitales", "Agregar producto digital", "/apps/me/products/create?shop=demo&type=digital"],
    ]) {
      await open(page, `/tienda/demo/${path}`);
      expect(await page.getByRole("link", { name: label, exact: true }).getAttribute("href"), path).toBe(href);
    }
    await page.getByRole("link", { name: "Agregar producto digital", exact: true }).click();
    await page.getByRole("heading", { name: "Nuevo producto" }).waitFor();
    await waitForHydration(page);
    expect(await page.getByRole("radio", { name: "Productos digitales" }).isChecked()).toBe(true);
    await context.close();
  });

  it("gives the shop's admin 'Mis productos' in the admin bar; visitors and other users get no add card", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo");
    await openAdminSection(page, "Catálogo");
    await page
      .getByRole("navigation", { name: "Barra de administración" })
      .getByRole("link", { name: "Mis productos", exact: true })
      .click();
    await page.waitForURL(/\/apps\/me\/products\?shop=demo$/);
    await context.close();

    const phone = await signedIn(browser, "lucia@demo.tianguis.mx", { width: 390, height: 844 });
    await open(phone.page, "/tienda/demo/productos");
    await phone.page.getByRole("link", { name: "Agregar producto", exact: true }).waitFor();
    await snap(phone.page, "listing-add-card-390");
    await phone.context.close();

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/demo/productos");
    await card(visitor.page, "Taza de barro negro").waitFor();
    expect(await visitor.page.getByRole("link", { name: "Agregar producto", exact: true }).count()).toBe(0);
    await visitor.context.close();
    const stranger = await signedIn(browser, "mateo@demo.tianguis.mx");
    await open(stranger.page, "/tienda/demo/productos");
    expect(await stranger.page.getByRole("link", { name: "Agregar producto", exact: true }).count()).toBe(0);
    await stranger.context.close();
  });

  it("answers 403 when someone else tries to edit a shop's product", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(owner.page, "/apps/me/products");
    const editHref = await owner.page.getByRole("link", { name: /Editar: Taza de barro negro/ }).getAttribute("href");
    await owner.context.close();
    expect(editHref).toMatch(/^\/apps\/me\/products\/[0-9a-f-]{36}\/edit\?shop=demo$/);

    const stranger = await signedIn(browser, "mateo@demo.tianguis.mx");
    const response = await stranger.page.goto(editHref ?? "");
    expect(response?.status()).toBe(403);
    const api = await stranger.context.request.get(`/api/v1/shops/demo/products/${editHref?.split("/")[4]}/edit`);
    expect(api.status()).toBe(403);
    await stranger.context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto("/apps/me/products/create");
    expect(new URL(visitor.page.url()).pathname).toBe("/login");
    await visitor.context.close();
  });
});
