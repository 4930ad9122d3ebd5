import { describe, expect, it } from "vitest";
import {
  isPhotoAddress,
  isPhotoFileName,
  isUnsafeZipPath,
  judgeZipArchive,
  judgeZipEntry,
  photoEntryFits,
  photoZipIndex,
  photoZipMaxEntries,
  photoZipMaxTotalBytes,
  sniffPhoto,
} from "./photo-zip";

describe("the ZIP of photos of a product import (issue 29 §1)", () => {
  it("refuses paths that leave the folder or mean something else elsewhere", () => {
    for (const name of ["../x.jpg", "fotos/../../x.jpg", "/etc/x.jpg", "C:/x.jpg", "c:x.jpg", "fotos\\x.jpg", "a\0.jpg", ""])
      expect(isUnsafeZipPath(name), name).toBe(true);
    for (const name of ["x.jpg", "fotos/x.jpg", "fotos/..x.jpg", "a b/c.png"]) expect(isUnsafeZipPath(name), name).toBe(false);
  });

  it("keeps JPG, PNG and SVG entries and skips folders, system files and other types", () => {
    expect(judgeZipEntry("Fotos/Rebozo.JPEG")).toEqual({ kind: "photo", key: "fotos/rebozo.jpeg" });
    expect(judgeZipEntry("logo.svg")).toEqual({ kind: "photo", key: "logo.svg" });
    for (const name of ["fotos/", "__MACOSX/fotos/._x.jpg", "fotos/.DS_Store", ".oculta.jpg", "notas.txt", "x.gif", "x.webp"])
      expect(judgeZipEntry(name), name).toEqual({ kind: "skip" });
    expect(judgeZipEntry("../x.jpg")).toEqual({ kind: "unsafe" });
  });

  it("judges the archive by its entries' count, the photos' declared total and unsafe paths", () => {
    expect(
      judgeZipArchive([
        { name: "a.jpg", size: 10 },
        { name: "notas.txt", size: photoZipMaxTotalBytes },
      ]),
    ).toBeNull();
    expect(judgeZipArchive(Array.from({ length: photoZipMaxEntries + 1 }, (_, i) => ({ name: `${i}.jpg`, size: 1 })))).toBe(
      "import_zip_too_many_entries",
    );
    expect(
      judgeZipArchive([
        { name: "a.jpg", size: photoZipMaxTotalBytes },
        { name: "b.png", size: 1 },
      ]),
    ).toBe("import_zip_too_large");
    expect(
      judgeZipArchive([
        { name: "a.jpg", size: 1 },
        { name: "../../etc/passwd", size: 1 },
      ]),
    ).toBe("import_zip_unsafe_path");
  });

  it("indexes photos by their path and by a bare name no other photo shares", () => {
    const index = photoZipIndex(["fotos/", "fotos/Rebozo.jpg", "a/logo.png", "b/logo.png", "logo.png", "notas.txt"]);
    expect(index.get("fotos/rebozo.jpg")).toBe("fotos/Rebozo.jpg");
    expect(index.get("rebozo.jpg")).toBe("fotos/Rebozo.jpg");
    expect(index.get("logo.png")).toBe("logo.png");
    expect(index.get("a/logo.png")).toBe("a/logo.png");
    expect(index.has("notas.txt")).toBe(false);
  });

  it("tells addresses from file names", () => {
    expect(isPhotoAddress("https://a.mx/1.jpg")).toBe(true);
    expect(isPhotoAddress("C:\\x.jpg")).toBe(true);
    expect(isPhotoAddress("fotos/1.jpg")).toBe(false);
    expect(isPhotoFileName("fotos/1.jpg")).toBe(true);
    expect(isPhotoFileName("fotos/1.gif")).toBe(false);
    expect(isPhotoFileName("../1.jpg")).toBe(false);
  });

  it("sniffs JPEG, PNG and SVG bytes whatever the name says", () => {
    expect(sniffPhoto(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe("jpeg");
    expect(sniffPhoto(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("png");
    expect(sniffPhoto(new TextEncoder().encode('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    expect(sniffPhoto(new TextEncoder().encode("<html><svg></svg></html>"))).toBeNull();
    expect(sniffPhoto(new TextEncoder().encode("GIF89a"))).toBeNull();
  });

  it("holds each photo to the product form's 4 MB", () => {
    expect(photoEntryFits(4_000_000)).toBe(true);
    expect(photoEntryFits(4_000_001)).toBe(false);
  });
});
