import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseURL, launchBrowser, newPage, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };
/** A small orange PNG (120x63) for the cover and the image inside the text. */
const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAHgAAAA/CAIAAACkW5tRAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAA6UlEQVR4nO3UUY0DARTDwAIwqVJfZMXQj16eTiMFgeX49byz5/cQXig/f6Ia0AHdf3obowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6ObgpKOb0+iAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjm5OowO6uYaMbg5OOro5jQ7o5hoyujk46ejmNDqgm2vI6Obgvt0H+jJEyufJNV0AAAAASUVORK5CYII=",
  "base64",
);
const file = (name: string) => ({ name, mimeType: "image/png", buffer: png });

async function metaContent(page: Page, selector: string): Promise<string | null> {
  return page.locator(selector).first().getAttribute("content");
}

describe("shop blog: the owner writes with the editor, visitors read published entries", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });

  it("a visitor follows the shop's 'Blog' link to the published entries (never the draft) and reads one", async () => {
    const { context, page } = await newPage(browser, { viewport: phone });
    // The editor (ProseMirror) loads only where an entry is written, never with the storefront's pages.
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(request.url());
    });
    await open(page, "/tienda/demo");
    await page.getByRole("navigation", { name: "Secciones de la tienda" }).getByRole("link", { name: "Blog", exact: true }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/blogs`);
    await page.getByRole("heading", { level: 1, name: "Blog" }).waitFor();
    const cards = page.getByTestId("blog-card");
    await cards.first().waitFor();
    expect(await cards.count()).toBe(2);
    expect(await cards.first().getByRole("heading").textContent()).toBe("Cómo se teje un rebozo de Santa María del Río");
    expect(await page.getByText("Próximamente: taller de bordado tenango").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "blog-list-phone");

    await cards.nth(1).getByRole("link", { name: "Talavera poblana: del barro al esmalte" }).click();
    await page.getByRole("heading", { level: 1, name: "Talavera poblana: del barro al esmalte" }).waitFor();
    await page.getByText("dos quemas").waitFor();
    expect(await page.locator("article strong", { hasText: "dos quemas" }).count()).toBe(1);
    expect(await page.getByRole("link", { name: "el Consejo Regulador de la Talavera" }).getAttribute("rel")).toContain("noopener");
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "blog-entry-phone", { fullPage: true });

    expect(scripts.filter((url) => /RichTextField/.test(url))).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);

    const draft = await page.goto("/tienda/demo/blogs/proximamente-taller-de-bordado-tenango");
    expect(draft?.status()).toBe(404);
    await page.getByText("Página no encontrada!").waitFor();
    await context.close();
  });

  it("lucia writes an entry with bold text, a link and images, publishes it, and a visitor sees it with its Open Graph tags", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx");
    const { page } = owner;
    await open(page, "/blogs/crear");
    await page.waitForURL(`${baseURL()}/tienda/demo/blogs/crear`);
    await page.getByRole("heading", { level: 1, name: "Nueva entrada" }).waitFor();
    const editor = page.getByTestId("blog-editor");
    await editor.waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole("textbox", { name: "Título" }).fill("Nuestro nuevo taller en Puebla");
    // Nothing to read yet: publishing is refused with the incomplete_request warning.
    await page.getByRole("button", { name: "Publicar" }).click();
    await page.getByText("La solicitud está incompleta: agrega un título y contenido antes de publicar").waitFor();

    await page.locator('input[type="file"][aria-label="Imagen de portada"]').setInputFiles(file("portada.png"));
    await page.getByRole("img", { name: "Imagen de portada" }).waitFor();

    await editor.click();
    await page.keyboard.type("Hecho a mano ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("con amor");
    await page.keyboard.press("Control+b");
    await page.keyboard.press("Enter");
    await page.getByTestId("blog-image-input").setInputFiles(file("taller.png"));
    await editor.locator("img").waitFor();
    // The editor keeps an empty paragraph after an image: the link goes there, as the last edit.
    await editor.locator("p").last().click();
    await page.keyboard.type("Visita nuestro taller");
    for (let step = 0; step < "nuestro taller".length; step += 1) await page.keyboard.press("Shift+ArrowLeft");
    await page.getByRole("button", { name: "Enlace", exact: true }).click();
    await page.getByPlaceholder("Escribe o pega una dirección").fill("casa-lucia.mx/taller");
    await page.getByRole("button", { name: "Guardar", exact: true }).click();
    await editor.locator("a", { hasText: "nuestro taller" }).waitFor();
    expect(await editor.locator("strong").textContent()).toBe("con amor");
    await snap(page, "blog-editor-desktop");

    await page.getByRole("button", { name: "Publicar" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/blogs/nuestro-nuevo-taller-en-puebla`);
    await page.getByRole("heading", { level: 1, name: "Nuestro nuevo taller en Puebla" }).waitFor();
    await owner.context.close();

    const { context, page: visitor } = await newPage(browser);
    await open(visitor, "/tienda/demo/blogs");
    const first = visitor.getByTestId("blog-card").first();
    expect(await first.getByRole("heading").textContent()).toBe("Nuestro nuevo taller en Puebla");
    expect(await first.locator("p").first().textContent()).toBe("Hecho a mano con amor Visita nuestro taller");
    await first.getByRole("link", { name: "Nuestro nuevo taller en Puebla" }).click();
    await visitor.getByRole("heading", { level: 1, name: "Nuestro nuevo taller en Puebla" }).waitFor();
    expect(await visitor.locator("article strong").first().textContent()).toBe("con amor");
    expect(await visitor.getByRole("link", { name: "nuestro taller" }).getAttribute("href")).toBe("https://casa-lucia.mx/taller");
    expect(await visitor.locator("article img[src^='/media/gallery/']").count()).toBe(2);
    const url = `${baseURL()}/tienda/demo/blogs/nuestro-nuevo-taller-en-puebla`;
    expect(await metaContent(visitor, 'meta[property="og:type"]')).toBe("article");
    expect(await metaContent(visitor, 'meta[property="og:title"]')).toBe("Nuestro nuevo taller en Puebla · Casa Lucía Artesanías");
    expect(await metaContent(visitor, 'meta[property="og:description"]')).toBe("Hecho a mano con amor Visita nuestro taller");
    expect(await metaContent(visitor, 'meta[property="og:image"]')).toMatch(new RegExp(`^${baseURL()}/media/gallery/.+\\.png$`));
    expect(await visitor.locator('link[rel="canonical"]').getAttribute("href")).toBe(url);
    expect(await seriousViolations(visitor)).toEqual([]);
    await snap(visitor, "blog-entry-desktop");
    await context.close();
  });

  it("the admin bar leads lucia to her entries with the draft; she edits one and deletes another", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo");
    await openAdminSection(page, "Marketing");
    await page.getByRole("link", { name: "Entradas del blog" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/admin/blogs`);
    await page.getByRole("heading", { level: 1, name: "Entradas del blog" }).waitFor();
    const draft = page.getByTestId("blog-admin-entry").filter({ hasText: "Próximamente: taller de bordado tenango" });
    await draft.getByText("Borrador").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "blog-admin-list");

    await draft.getByRole("link", { name: "Editar entrada: Próximamente: taller de bordado tenango" }).click();
    await page.getByRole("heading", { level: 1, name: "Editar entrada" }).waitFor();
    await page.getByTestId("blog-editor").getByText("Fechas y cupo por confirmar").waitFor();
    await page.getByRole("textbox", { name: "Título" }).fill("Taller de bordado tenango: 14 de diciembre");
    // A save that takes longer than 4 s: the spec's 'request is being attended but may take longer' while it waits.
    await page.route("**/api/v1/shops/demo/blogs/*", async (route) => {
      if (route.request().method() === "PUT") await new Promise((resolve) => setTimeout(resolve, 5500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Publicar" }).click();
    await page.getByText("La solicitud está siendo atendida, pero puede tardar más").waitFor();
    await page.waitForURL(`${baseURL()}/tienda/demo/blogs/proximamente-taller-de-bordado-tenango`);
    await page.getByRole("heading", { level: 1, name: "Taller de bordado tenango: 14 de diciembre" }).waitFor();

    await open(page, "/tienda/demo/admin/blogs");
    const talavera = page.getByTestId("blog-admin-entry").filter({ hasText: "Talavera poblana" });
    await talavera.getByRole("button", { name: "Eliminar: Talavera poblana: del barro al esmalte" }).click();
    await page.getByRole("dialog").getByText("¿Eliminar la entrada «Talavera poblana: del barro al esmalte»?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Eliminar" }).click();
    await page.getByText("Entrada eliminada").waitFor();
    await page.getByTestId("blog-admin-entry").filter({ hasText: "Talavera poblana" }).waitFor({ state: "detached" });
    await context.close();

    const visitor = await newPage(browser);
    await open(visitor.page, "/tienda/demo/blogs");
    await visitor.page.getByText("Taller de bordado tenango: 14 de diciembre").waitFor();
    expect(await visitor.page.getByText("Talavera poblana").count()).toBe(0);
    await visitor.context.close();
  });

  it("the editor fits a phone, and leaving it with unsaved changes asks first", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", phone);
    const editorChunk = page.waitForRequest((request) => /RichTextField/.test(request.url()));
    await open(page, "/tienda/demo/blogs/crear");
    await editorChunk;
    await page.getByTestId("blog-editor").waitFor();
    await page.getByRole("toolbar", { name: "Formato del texto" }).getByRole("button", { name: "Negrita" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "blog-editor-phone", { fullPage: true });

    // Leaving with unsaved changes asks first.
    await page.getByRole("textbox", { name: "Título" }).fill("Borrador sin guardar");
    const nav = page.getByRole("navigation", { name: "Secciones de la tienda" });
    await nav.getByRole("link", { name: "Blog", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Cambios sin guardar" });
    await dialog.getByText("Tienes cambios sin guardar en esta entrada. ¿Salir sin guardarlos?").waitFor();
    await dialog.getByRole("button", { name: "Seguir editando" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(page.url()).toBe(`${baseURL()}/tienda/demo/blogs/crear`);
    expect(await page.getByRole("textbox", { name: "Título" }).inputValue()).toBe("Borrador sin guardar");
    await nav.getByRole("link", { name: "Blog", exact: true }).click();
    await dialog.getByRole("button", { name: "Salir sin guardar" }).click();
    await page.waitForURL(`${baseURL()}/tienda/demo/blogs`);
    await context.close();
  });
});
