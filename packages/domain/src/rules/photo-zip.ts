import { productPhotoMaxBytes } from "./product-form";

/**
 * The ZIP of photos a product import may come with (issue 29 §1, 'photo URLs or file names'): the 'fotos' column names
 * files inside it as well as addresses. Pure rules: which entries of the archive count, the limits that keep a ZIP bomb
 * out (entries, each photo's size, the total the archive says it unpacks to), the paths refused (absolute, `..`, drive
 * letters, backslashes) and how a row's file name finds its entry. The server reads the archive with a ZIP library and
 * asks these rules; sizes are the ones the archive declares, which the library holds each entry to while reading it.
 */

/** The upload itself. */
export const photoZipMaxBytes = 50 * 1024 * 1024;
/** Entries in the archive, folders and skipped files included. */
export const photoZipMaxEntries = 1_000;
/** What the archive's photos unpack to, together. */
export const photoZipMaxTotalBytes = 200 * 1024 * 1024;
/** The photo types a row may name, by extension (the product form's JPG, PNG and SVG). */
export const photoFileExtensions = ["jpg", "jpeg", "png", "svg"] as const;

export type PhotoZipEntry = { kind: "photo"; key: string } | { kind: "skip" } | { kind: "unsafe" };

/** A name a row writes or an entry carries → the key they are matched by: `/` separators, NFC, lower case. */
export function photoFileKey(name: string): string {
  return name.normalize("NFC").toLowerCase();
}

const extensionOf = (name: string) => /\.([^./]+)$/.exec(name)?.[1]?.toLowerCase() ?? "";

/** Whether a path could leave the folder it is unpacked in or means something else on another system. */
export function isUnsafeZipPath(name: string): boolean {
  if (name === "" || name.includes("\\") || name.includes("\0")) return true;
  if (name.startsWith("/") || /^[a-z]:/i.test(name)) return true;
  return name.split("/").some((segment) => segment === "..");
}

/**
 * One entry of the archive: a photo (by its key), skipped (a folder, the system's own files such as `__MACOSX/` or
 * `.DS_Store`, any other type), or unsafe (which refuses the whole archive).
 */
export function judgeZipEntry(name: string): PhotoZipEntry {
  if (isUnsafeZipPath(name)) return { kind: "unsafe" };
  if (name.endsWith("/")) return { kind: "skip" };
  const segments = name.split("/");
  if (segments[0] === "__MACOSX" || segments.some((segment) => segment.startsWith("."))) return { kind: "skip" };
  if (!(photoFileExtensions as readonly string[]).includes(extensionOf(name))) return { kind: "skip" };
  return { kind: "photo", key: photoFileKey(name) };
}

export type ZipLimitError = "import_zip_too_many_entries" | "import_zip_too_large" | "import_zip_unsafe_path";

/** The archive as a whole, from its entries' names and declared sizes: null when it may be read, else why not. */
export function judgeZipArchive(entries: { name: string; size: number }[]): ZipLimitError | null {
  if (entries.length > photoZipMaxEntries) return "import_zip_too_many_entries";
  let total = 0;
  for (const entry of entries) {
    const judged = judgeZipEntry(entry.name);
    if (judged.kind === "unsafe") return "import_zip_unsafe_path";
    if (judged.kind === "photo") total += entry.size;
  }
  return total > photoZipMaxTotalBytes ? "import_zip_too_large" : null;
}

/**
 * The archive's photos by the names a row may use: the entry's whole path (`fotos/rebozo.jpg`), or its bare file name
 * (`rebozo.jpg`) when no other photo in the archive has it — a seller zips a folder and writes the names they see.
 */
export function photoZipIndex(entryNames: string[]): Map<string, string> {
  const index = new Map<string, string>();
  const byBase = new Map<string, string[]>();
  for (const name of entryNames) {
    const judged = judgeZipEntry(name);
    if (judged.kind !== "photo") continue;
    index.set(judged.key, name);
    const base = judged.key.split("/").at(-1)!;
    byBase.set(base, [...(byBase.get(base) ?? []), name]);
  }
  for (const [base, names] of byBase) if (names.length === 1 && !index.has(base)) index.set(base, names[0]);
  return index;
}

/** A photo as named in the 'fotos' column is an address when it has a scheme; else a file name in the ZIP. */
export const isPhotoAddress = (reference: string) => /^[a-z][a-z0-9+.-]*:/i.test(reference);

/** A file name a row may write: a safe relative path ending in a photo type's extension. */
export function isPhotoFileName(reference: string): boolean {
  return !isUnsafeZipPath(reference) && !reference.endsWith("/") && judgeZipEntry(reference).kind === "photo";
}

/** Whether the photo's first bytes are a JPEG, a PNG or an SVG document (whatever its name says). */
export function sniffPhoto(data: Uint8Array): "jpeg" | "png" | "svg" | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (data.length >= png.length && png.every((byte, index) => data[index] === byte)) return "png";
  const head = new TextDecoder("utf-8", { fatal: false }).decode(data.subarray(0, 1024)).replace(/^\uFEFF/, "");
  return /^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE svg[^>]*>\s*)?<svg[\s>]/i.test(head) ? "svg" : null;
}

/** Whether one photo's declared size fits the product form's limit. */
export const photoEntryFits = (size: number) => size <= productPhotoMaxBytes;
