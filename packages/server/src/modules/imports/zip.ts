import {
  judgeZipArchive,
  photoEntryFits,
  photoZipIndex,
  photoZipMaxBytes,
  photoZipMaxEntries,
  photoZipMaxTotalBytes,
  sniffPhoto,
} from "@tianguis/domain/rules/photo-zip";
import { productPhotoMaxBytes } from "@tianguis/domain/rules/product-form";
import yauzl from "yauzl";
import { AppError } from "../../http/errors";

/**
 * Reading the ZIP of photos a product import comes with (issue 29 §1), with yauzl: the central directory is read first
 * (entry count, names, declared sizes) and judged by the domain's limits before a byte is unpacked; then only the
 * entries the file's rows name are unpacked, each held to its declared size (yauzl's validateEntrySizes) and to the
 * product form's 4 MB, and sniffed as JPEG, PNG or SVG. A path yauzl refuses (absolute, `..`) refuses the archive.
 */

export type ZipPhotoFailure = "import_photo_too_large" | "import_photo_type";

export interface PhotoZip {
  /** The archive's photos by the names a row may use (domain photoZipIndex). */
  index: Map<string, string>;
  /** The named entries' bytes, or why the rows that name them are rejected. */
  extract(names: string[]): Promise<Map<string, Buffer | ZipPhotoFailure>>;
  close(): void;
}

const ZIP_SIGNATURES = [Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from([0x50, 0x4b, 0x05, 0x06])];
const MB = 1024 * 1024;

type ZipFileError =
  "import_zip_type" | "import_zip_unreadable" | "import_zip_too_large" | "import_zip_too_many_entries" | "import_zip_unsafe_path";

function zipError(code: ZipFileError): AppError {
  if (code === "import_zip_too_large")
    return new AppError(code, { status: 413, details: { max: photoZipMaxBytes / MB, total: photoZipMaxTotalBytes / MB } });
  if (code === "import_zip_too_many_entries") return new AppError(code, { status: 400, details: { max: photoZipMaxEntries } });
  return new AppError(code, { status: 400 });
}

const unsafeName = /absolute path|invalid relative path|invalid characters/i;

function open(data: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, zipfile) =>
      error ? reject(error) : resolve(zipfile),
    ),
  );
}

function listEntries(zipfile: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zipfile.on("entry", (entry: yauzl.Entry) => {
      entries.push(entry);
      zipfile.readEntry();
    });
    zipfile.on("end", () => resolve(entries));
    zipfile.on("error", reject);
    zipfile.readEntry();
  });
}

function readEntry(zipfile: yauzl.ZipFile, entry: yauzl.Entry): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zipfile.openReadStream(entry, (error, stream) => {
      if (error) return reject(error);
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > productPhotoMaxBytes) stream.destroy(new Error("entry over the photo limit"));
        else chunks.push(chunk);
      });
      stream.on("end", () => resolve(Buffer.concat(chunks)));
      stream.on("error", reject);
    }),
  );
}

/** The uploaded archive, judged as a whole: a coded 4xx when it is no ZIP, unreadable, too big, too full or unsafe. */
export async function openPhotoZip(data: Buffer): Promise<PhotoZip> {
  if (data.length > photoZipMaxBytes) throw zipError("import_zip_too_large");
  if (!ZIP_SIGNATURES.some((signature) => data.subarray(0, 4).equals(signature))) throw zipError("import_zip_type");
  let zipfile: yauzl.ZipFile;
  try {
    zipfile = await open(data);
  } catch {
    throw zipError("import_zip_unreadable");
  }
  if (zipfile.entryCount > photoZipMaxEntries) {
    zipfile.close();
    throw zipError("import_zip_too_many_entries");
  }
  let entries: yauzl.Entry[];
  try {
    entries = await listEntries(zipfile);
  } catch (error) {
    zipfile.close();
    throw zipError(unsafeName.test((error as Error).message) ? "import_zip_unsafe_path" : "import_zip_unreadable");
  }
  const verdict = judgeZipArchive(entries.map((entry) => ({ name: entry.fileName, size: entry.uncompressedSize })));
  if (verdict) {
    zipfile.close();
    throw zipError(verdict);
  }
  const byName = new Map(entries.map((entry) => [entry.fileName, entry]));
  return {
    index: photoZipIndex(entries.map((entry) => entry.fileName)),
    async extract(names) {
      const answers = new Map<string, Buffer | ZipPhotoFailure>();
      for (const name of new Set(names)) {
        const entry = byName.get(name)!;
        if (!photoEntryFits(entry.uncompressedSize)) {
          answers.set(name, "import_photo_too_large");
          continue;
        }
        const bytes = await readEntry(zipfile, entry).catch(() => null);
        if (!bytes) throw zipError("import_zip_unreadable");
        answers.set(name, sniffPhoto(bytes) ? bytes : "import_photo_type");
      }
      return answers;
    },
    close: () => zipfile.close(),
  };
}
