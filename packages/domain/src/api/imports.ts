import { z } from "zod";
import { photoZipMaxBytes } from "../rules/photo-zip";
import { importMaxBytes, importMaxRows } from "../rules/product-import";
import { listOf, pageQuery } from "../schemas/common";
import { importView, rejectedQuery, templateQuery } from "../schemas/product-import";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string() });
const importParams = z.object({ slug: z.string(), id: z.string().uuid() });

/** Product imports (issue 29 §1): template, dry run, the import job, past imports and their rejected rows. */
export const importsApi = {
  template: endpoint({
    method: "GET",
    path: "/imports/template",
    tags: ["imports"],
    summary: "The product import template with its columns and an example row, as CSV (UTF-8 with BOM) or XLSX",
    query: templateQuery,
    response: z.string(),
  }),
  create: endpoint({
    method: "POST",
    path: "/shops/:slug/imports",
    tags: ["imports"],
    summary:
      `Dry run of a product file (multipart 'file': CSV in UTF-8 or Latin-1 with any delimiter, or XLSX; ≤ ${importMaxBytes} bytes, ` +
      `≤ ${importMaxRows} rows), and optionally 'photos', a ZIP (≤ ${photoZipMaxBytes} bytes) of the JPG, PNG or SVG files its 'fotos' ` +
      "column names: counts to create, to update (by SKU) and rejected with each row's line and code. Writes no product.",
    params: slugParams,
    response: importView,
    status: 201,
  }),
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/imports",
    tags: ["imports"],
    summary: "The shop's imports, newest first, with their counts (owner or admin)",
    params: slugParams,
    query: pageQuery,
    response: listOf(importView),
  }),
  get: endpoint({
    method: "GET",
    path: "/shops/:slug/imports/:id",
    tags: ["imports"],
    summary: "One import: its dry run, its progress (processed of to_create + to_update) and what it did",
    params: importParams,
    response: importView,
  }),
  run: endpoint({
    method: "POST",
    path: "/shops/:slug/imports/:id/run",
    tags: ["imports"],
    summary: "'Importar': writes a checked import's valid rows as a job; again for a started import answers it as it is",
    params: importParams,
    response: importView,
  }),
  rejected: endpoint({
    method: "GET",
    path: "/shops/:slug/imports/:id/rejected",
    tags: ["imports"],
    summary: "The import's rejected rows with their line and reason, as CSV or XLSX",
    params: importParams,
    query: rejectedQuery,
    response: z.string(),
  }),
};
