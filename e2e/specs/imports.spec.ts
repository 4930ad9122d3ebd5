import JSZip from "jszip";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, snap } from "../browser";
import { seriousViolations } from "./a11y-helpers";
import { openAdminSection } from "./admin-helpers";
import { open, signedIn } from "./storefront-helpers";

/** The bell's accessible name carries the pending count: 'Alertas, N pendientes' or 'Alertas, ninguna pendiente'. */
function pendingOf(label: string | null): number {
  const match = /^Alertas, (\d+) pendientes$/.exec(label ?? "");
  return match ? Number(match[1]) : 0;
}

/**
 * Product imports (issue 29 §1): Lucía downloads the template, fills it with her products (a package size, an
 * experience with its date) and a few mistakes, reads the dry run (what will be created, updated, and each rejected line
 * with its reason), imports, watches the progress reach the end, and the 'Completed import job' alert brings her back to
 * the page.
 */
describe("product imports: template, dry run, import with progress, and the alert", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Lucía imports a spreadsheet with mistakes from the admin bar and the alert leads back to it", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo");
    const bell = page.getByRole("button", { name: /^Alertas, / });
    // The count before, from the API: the bell's first label may still be the page's 0 while its live count loads.
    const before = ((await (await context.request.get("/api/v1/me/alerts/pending")).json()) as { pending: number }).pending;
    await expect.poll(async () => pendingOf(await bell.getAttribute("aria-label"))).toBe(before);

    // Reachable from the admin bar.
    const bar = page.getByRole("navigation", { name: "Barra de administración" });
    await bar.waitFor();
    await openAdminSection(page, "Catálogo");
    await bar.getByRole("link", { name: /^Cargas de productos/ }).click();
    await page.waitForURL(/\/tienda\/demo\/admin\/inventario\/cargas$/);
    await page.getByRole("heading", { level: 1, name: "Cargas de productos" }).waitFor();

    // The template, downloaded as a seller would, then filled in with two good rows and four mistakes.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Descargar plantilla CSV" }).click();
    const template = (await (await download).createReadStream()).toArray();
    const [header] = Buffer.concat(await template)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .split("\r\n");
    expect(header).toBe(
      "sku,nombre,tipo,precio,precio_anterior,existencias,categoria,descripcion,dropshipping,margen,peso_g," +
        "largo_cm,ancho_cm,alto_cm,fotos,fecha_experiencia,hora_experiencia",
    );
    const experience = (sku: string, name: string, day: string) =>
      [sku, name, "experiencia", "250", "", "10", "", "", "no", "", "", "", "", "", "", day, "10:00"].join(",");
    const stamp = Date.now().toString(36).toUpperCase();
    const file = [
      header,
      `E2E-${stamp}-1,Canasta de palma,producto,320,,8,Cestería,Tejida en Oaxaca,no,,300,35,25,20`,
      `E2E-${stamp}-2,Taller de barro,servicio,650,,,,,no,,`,
      `E2E-${stamp}-3,"=HYPERLINK(""http://malo.example"",""premio"")",producto,100,,1,,,no,,`,
      `E2E-${stamp}-4,Cazuela rota,producto,-5,,1,,,no,,`,
      `E2E-${stamp}-5,Jarro A,producto,90,,1,,,no,,`,
      `E2E-${stamp}-5,Jarro B,producto,95,,1,,,no,,`,
      experience(`E2E-${stamp}-6`, "Visita al taller de barro", "14/03/2030"),
      experience(`E2E-${stamp}-7`, "Visita imposible", "31/02/2030"),
    ].join("\r\n");
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Archivo CSV o XLSX" }).click();
    await (await chooser).setFiles({ name: "mis-productos.csv", mimeType: "text/csv", buffer: Buffer.from(file) });
    await page.getByRole("button", { name: "Revisar archivo" }).click();

    // The dry run: nothing written yet; counts and each rejected line with its reason in Spanish.
    const dryRun = page.getByRole("region", { name: "Revisión de «mis-productos.csv»" });
    await dryRun.waitFor();
    await page.waitForURL(/\?carga=/);
    await dryRun.getByText("Se crearán").waitFor();
    const rejected = page.getByTestId("import-rejected");
    await rejected.getByText("«nombre» parece una fórmula (empieza con =, +, - o @) y no se acepta.").waitFor();
    await rejected.getByText("«precio» no puede ser negativo.").waitFor();
    expect(await rejected.getByText("El SKU se repite en el archivo.").count()).toBe(2);
    await rejected.getByText("«fecha_experiencia» no es una fecha válida: escribe día/mes/año (14/03/2027) o 2027-03-14.").waitFor();
    expect(await rejected.locator("tbody tr td:first-child").allTextContents()).toEqual(["4", "5", "6", "7", "9"]);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "imports-dry-run", { fullPage: true });

    // A reload finds the same dry run.
    await page.reload();
    await dryRun.getByRole("button", { name: "Importar" }).waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    await dryRun.getByRole("button", { name: "Importar" }).click();
    await dryRun.getByText("3 de 3 filas").waitFor({ timeout: 30_000 });
    await dryRun.getByText("Carga terminada: 3 creados, 0 actualizados, 5 rechazados.").waitFor();
    expect(await page.getByRole("progressbar", { name: "Progreso de la carga" }).getAttribute("aria-valuenow")).toBe("100");
    await page.getByTestId("imports-history").getByText("mis-productos.csv").first().waitFor();

    // The alert reaches her live and points to this page.
    await expect.poll(async () => pendingOf(await bell.getAttribute("aria-label"))).toBe(before + 1);
    await open(page, "/tienda/demo");
    await bell.click();
    const drawer = page.getByRole("dialog", { name: "Alertas" });
    const alert = drawer.getByRole("button", { name: /Tu carga de productos «mis-productos.csv» terminó: 3 creados/ });
    await alert.first().click();
    await page.waitForURL(/\/tienda\/demo\/admin\/inventario\/cargas$/);
    await page.getByTestId("imports-history").getByText("mis-productos.csv").first().waitFor();

    // The new items are in the shop, found by their names.
    const listing = await (await context.request.get(`/api/v1/shops/demo/products?q=${encodeURIComponent("Canasta de palma")}`)).json();
    expect(listing.results.map((item: { name: string }) => item.name)).toContain("Canasta de palma");
    const canasta = listing.results.find((item: { name: string }) => item.name === "Canasta de palma");
    expect(canasta.package_cm).toEqual({ length: 35, width: 25, height: 20 });
    const visits = await (
      await context.request.get(`/api/v1/shops/demo/products?type=experience&q=${encodeURIComponent("Visita al taller de barro")}`)
    ).json();
    expect(visits.results.map((item: { experience_date: string }) => item.experience_date)).toContain("2030-03-14T16:00:00.000Z");
    await context.close();
  });

  it("Lucía imports products whose photos come in a ZIP next to the sheet, and a row naming a missing photo is rejected", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx");
    await open(page, "/tienda/demo/admin/inventario/cargas");
    await page.getByRole("heading", { level: 1, name: "Cargas de productos" }).waitFor();
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    const stamp = Date.now().toString(36).toUpperCase();
    const sheet = [
      "sku,nombre,precio,existencias,fotos",
      `ZIP-${stamp}-1,Alebrije con foto,780,2,fotos/alebrije.svg`,
      `ZIP-${stamp}-2,Jarrón con foto,540,3,jarron.svg`,
      `ZIP-${stamp}-3,Máscara sin foto,610,1,mascara.jpg`,
    ].join("\r\n");
    const svg = (colour: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><rect width="600" height="600" fill="${colour}"/></svg>`;
    const zip = new JSZip();
    zip.file("fotos/alebrije.svg", svg("#c2410c"));
    zip.file("fotos/jarron.svg", svg("#1d6fb5"));
    const photos = await zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });

    let chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Archivo CSV o XLSX" }).click();
    await (await chooser).setFiles({ name: "con-fotos.csv", mimeType: "text/csv", buffer: Buffer.from(sheet) });
    chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "ZIP de fotos (opcional)" }).click();
    await (await chooser).setFiles({ name: "fotos.zip", mimeType: "application/zip", buffer: photos });
    await page.getByRole("button", { name: "Revisar archivo" }).click();

    const dryRun = page.getByRole("region", { name: "Revisión de «con-fotos.csv»" });
    await dryRun.waitFor();
    const rejected = page.getByTestId("import-rejected");
    await rejected
      .getByText("Una de las fotos no está en el ZIP de fotos (o no se adjuntó un ZIP): revisa el nombre del archivo.")
      .waitFor();
    expect(await rejected.locator("tbody tr td:first-child").allTextContents()).toEqual(["4"]);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "imports-zip-dry-run", { fullPage: true });

    await dryRun.getByRole("button", { name: "Importar" }).click();
    await dryRun.getByText("Carga terminada: 2 creados, 0 actualizados, 1 rechazados.").waitFor();
    for (const name of ["Alebrije con foto", "Jarrón con foto"]) {
      const listing = await (await context.request.get(`/api/v1/shops/demo/products?q=${encodeURIComponent(name)}`)).json();
      const found = listing.results.find((item: { name: string }) => item.name === name);
      expect(found.images).toHaveLength(1);
      expect((await context.request.get(found.images[0].card)).status()).toBe(200);
    }
    await context.close();
  });

  it("shows a file the page cannot take as a clear error, and fits a phone outside the shop's view", async () => {
    const { context, page } = await signedIn(browser, "lucia@demo.tianguis.mx", { width: 390, height: 844 });
    await open(page, "/apps/me/dssupplier/products/cargas");
    await page.getByRole("heading", { level: 1, name: "Cargas de productos" }).waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByRole("button", { name: "Archivo CSV o XLSX" }).click();
    await (await chooser).setFiles({ name: "catalogo.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
    await page.getByRole("button", { name: "Revisar archivo" }).click();
    await page.getByRole("alert").filter({ hasText: "Tipo de archivo no admitido: sube un CSV o un XLSX." }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The pointer off the button it pressed: axe reads its resting colours, not its hover shade.
    await page.mouse.move(0, 0);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "imports-phone", { fullPage: true });
    await context.close();
  });
});
