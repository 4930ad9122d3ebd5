import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "../browser";
import { seriousViolations, transitionsEnded } from "./a11y-helpers";
import { toast } from "./admin-helpers";
import { open, signedIn } from "./storefront-helpers";

const phone = { width: 390, height: 844 };

/** A level-two shop owner asks to coordinate from /preferencias, through the coordinator modal. */
async function askToCoordinate(page: Page) {
  await open(page, "/preferencias");
  await page.getByRole("button", { name: "Quiero ser coordinador" }).click();
  await page.getByRole("dialog", { name: "Sé coordinador" }).getByRole("button", { name: "Enviar solicitud" }).click();
  await page.getByText("Recibimos tu solicitud para ser coordinador", { exact: false }).waitFor();
}

describe("platform staff answer coordinator requests (level 2 → level 3)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => browser?.close());

  it("Elena grants Mateo's request and refuses Sofía's with a reason; each hears of it and their profile changes", async () => {
    const mateo = await signedIn(browser, "mateo@demo.tianguis.mx");
    await askToCoordinate(mateo.page);
    await mateo.page.getByText("mateo@demo.tianguis.mx · Emprendedor con tienda").waitFor();
    const sofia = await signedIn(browser, "sofia@demo.tianguis.mx", phone);
    await askToCoordinate(sofia.page);

    const { context, page } = await signedIn(browser, "admin@demo.tianguis.mx");
    await open(page, "/plataforma/tiendas");
    await page
      .getByRole("navigation", { name: "Administración de la plataforma" })
      .getByRole("link", { name: "Solicitudes de coordinador" })
      .click();
    await page.getByRole("heading", { level: 1, name: "Solicitudes de coordinador" }).waitFor();
    const list = page.getByRole("list", { name: "Solicitudes de coordinador" });
    const mateoRow = list.getByTestId("coordinator-request").filter({ hasText: "Mateo Ruiz" });
    const sofiaRow = list.getByTestId("coordinator-request").filter({ hasText: "Sofía Martínez" });
    await mateoRow.getByRole("link", { name: "Reventa Mateo" }).waitFor();
    await sofiaRow.getByText("Emprendedor con tienda").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "platform-coordinators-desktop");

    await mateoRow.getByRole("button", { name: "Aprobar Mateo Ruiz" }).click();
    const grant = page.getByRole("dialog", { name: "¿Hacer coordinador a Mateo Ruiz?" });
    await grant.getByText("Mateo Ruiz pasará a nivel 3 (Coordinador) y recibirá un aviso.").waitFor();
    await transitionsEnded(page);
    await snap(page, "platform-coordinator-grant-desktop");
    await grant.getByRole("button", { name: "Aprobar" }).click();
    await toast(page, "Mateo Ruiz ya es coordinador");
    await mateoRow.waitFor({ state: "detached" });

    await sofiaRow.getByRole("button", { name: "Rechazar Sofía Martínez" }).click();
    const refuse = page.getByRole("dialog", { name: "Rechazar la solicitud de Sofía Martínez" });
    await refuse.getByRole("button", { name: "Rechazar" }).click();
    await refuse.getByText("Escribe el motivo (al menos 3 caracteres)").waitFor();
    const reason = "Primero completa tu primer mes de ventas";
    await refuse.getByRole("textbox", { name: "Motivo (lo leerá quien lo pidió)" }).fill(reason);
    await transitionsEnded(page);
    expect(await seriousViolations(page, "[role=dialog]")).toEqual([]);
    await snap(page, "platform-coordinator-refuse-desktop");
    await refuse.getByRole("button", { name: "Rechazar" }).click();
    await toast(page, "Solicitud rechazada");
    await sofiaRow.waitFor({ state: "detached" });
    await page.getByText("No hay solicitudes pendientes").waitFor();
    await context.close();

    // Mateo: the bell has the news and the profile says 'Coordinador'.
    await open(mateo.page, "/preferencias");
    await mateo.page.getByText("mateo@demo.tianguis.mx · Coordinador").waitFor();
    await mateo.page.getByText("Eres coordinador de tu red de emprendedores.").waitFor();
    await mateo.page.getByRole("button", { name: /^Alertas, / }).click();
    await mateo.page.getByText("¡Ya eres coordinador! Aprobamos tu solicitud", { exact: false }).first().waitFor();
    await mateo.context.close();

    // Sofía, on her phone: the reason on her profile, and she may ask again.
    await open(sofia.page, "/preferencias");
    await sofia.page.getByText(`Tu solicitud para ser coordinador no fue aprobada: ${reason}`, { exact: false }).first().waitFor();
    await sofia.page.getByText("sofia@demo.tianguis.mx · Emprendedor con tienda").waitFor();
    await sofia.page.getByRole("button", { name: "Quiero ser coordinador" }).waitFor();
    expect(await sofia.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    await snap(sofia.page, "coordinator-refused-phone", { fullPage: true });
    await sofia.context.close();
  });

  it("the list at phone width; a shop owner is told the page is not theirs", async () => {
    const owner = await signedIn(browser, "lucia@demo.tianguis.mx", phone);
    await askToCoordinate(owner.page);
    await open(owner.page, "/plataforma/coordinadores");
    await owner.page.getByRole("alert").getByText("Esta página es solo para administradores de la plataforma.").waitFor();
    await owner.context.close();

    const { context, page } = await signedIn(browser, "admin@demo.tianguis.mx", phone);
    await open(page, "/plataforma/coordinadores");
    await page
      .getByTestId("coordinator-request")
      .filter({ hasText: "Lucía Hernández" })
      .getByRole("button", { name: "Aprobar Lucía Hernández" })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
    expect(await seriousViolations(page)).toEqual([]);
    await snap(page, "platform-coordinators-phone", { fullPage: true });
    await page.getByRole("button", { name: "Rechazar Lucía Hernández" }).click();
    await transitionsEnded(page);
    await snap(page, "platform-coordinator-refuse-phone");
    await context.close();

    const visitor = await newPage(browser);
    await visitor.page.goto("/plataforma/coordinadores");
    await visitor.page.waitForURL(/\/login\?next=/);
    await visitor.context.close();
  });
});
