import { z } from "zod";
import { importRowCodes } from "../rules/product-import";

/** previewed (dry run) → queued → running → done; interrupted: stopped by a failure, the job runner resumes it. */
export const importStates = ["previewed", "queued", "running", "interrupted", "done"] as const;
export type ImportState = (typeof importStates)[number];

/** A rejected row as the dry run shows it: its line in the file, the coded reason and the column at fault. */
export const importRowErrorView = z.object({ line: z.number().int(), code: z.enum(importRowCodes), column: z.string() });

/**
 * A product import (issue 29 §1): the dry run's counts (to_create, to_update by SKU, rejected), the job's progress
 * (processed of to_create + to_update) and what it did (created, updated). `errors` holds the first rejected rows;
 * the whole list is the rejected rows file.
 */
export const importView = z.object({
  id: z.string(),
  shop: z.object({ slug: z.string(), name: z.string() }),
  file_name: z.string(),
  state: z.enum(importStates),
  total_rows: z.number().int(),
  to_create: z.number().int(),
  to_update: z.number().int(),
  rejected: z.number().int(),
  processed: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  errors: z.array(importRowErrorView),
});
export type ImportView = z.infer<typeof importView>;

/** How many rejected rows an import's view carries; the file of rejected rows has them all. */
export const importErrorsShown = 100;

export const templateQuery = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });
export const rejectedQuery = z.object({ format: z.enum(["csv", "xlsx"]).default("csv") });
