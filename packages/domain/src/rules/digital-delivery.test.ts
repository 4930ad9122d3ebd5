import { describe, expect, it } from "vitest";
import {
  DOWNLOAD_LIMIT,
  cleanFileName,
  digitalFileType,
  downloadExpiry,
  downloadRefusal,
  isDownloadable,
  needsDelivery,
} from "./digital-delivery";

describe("digital delivery (issue: digital products are delivered after payment)", () => {
  it.each([
    ["guia.pdf", "application/pdf"],
    ["PATRONES.PDF", "application/pdf"],
    ["fotos.zip", "application/zip"],
    ["novela.epub", "application/epub+zip"],
    ["podcast.mp3", "audio/mpeg"],
    ["clase.mp4", "video/mp4"],
    ["portada.jpeg", "image/jpeg"],
    ["programa.exe", null],
    ["sin-extension", null],
    ["archivo.pdf.html", null],
  ])("a file named %s is stored as %s", (name, type) => {
    expect(digitalFileType(name)).toBe(type);
  });

  it.each([
    [["digital"], false],
    [["digital", "digital"], false],
    [["digital", "product"], true],
    [["experience"], true],
    [[], true],
  ])("items %j need a delivery step: %s", (types, expected) => {
    expect(needsDelivery(types)).toBe(expected);
  });

  it.each([
    ["paid", true],
    ["confirmed", true],
    ["delivered", true],
    ["pending_payment", false],
    ["expired", false],
    ["canceled", false],
    ["canceled_by_customer", false],
    ["canceled_by_supplier", false],
  ])("an order %s may be downloaded: %s", (state, expected) => {
    expect(isDownloadable(state)).toBe(expected);
  });

  const paidAt = new Date("2026-01-01T12:00:00Z");
  const expiresAt = downloadExpiry(paidAt);
  it.each([
    ["a day after payment, first download", 1, 0, null],
    ["a day after payment, 4 used", 1, DOWNLOAD_LIMIT - 1, null],
    ["a day after payment, all used", 1, DOWNLOAD_LIMIT, "download_limit_reached"],
    ["8 days after payment", 8, 0, "download_expired"],
    ["exactly 7 days after payment", 7, 0, "download_expired"],
  ])("%s → %s", (_case, days, used, refusal) => {
    const now = new Date(paidAt.getTime() + Number(days) * 24 * 3600 * 1000);
    expect(downloadRefusal({ expiresAt, used: Number(used) }, now)).toBe(refusal);
  });

  it("keeps a file name without its path or control characters and at most 150 characters", () => {
    expect(cleanFileName("C:\\Users\\ana\\guía final.pdf")).toBe("guía final.pdf");
    expect(cleanFileName('a"b\n.pdf')).toBe("ab.pdf");
    expect(cleanFileName("")).toBe("archivo");
    const long = cleanFileName(`${"x".repeat(300)}.epub`);
    expect(long).toHaveLength(150);
    expect(long.endsWith(".epub")).toBe(true);
  });
});
