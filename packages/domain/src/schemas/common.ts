import { z } from "zod";

/** The one error shape of the API: a catalogue code, its text in the request's locale, and field errors. */
export const apiError = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  /** The same field errors as catalogue codes, for forms that translate them themselves. */
  field_codes: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof apiError>;

export const pageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(10),
});

export function listOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ results: z.array(item), matches_estimated: z.number().int() });
}

/** Offset of a 1-based page: (page − 1) × page size. */
export function pageOffset(page: number, pageSize: number): number {
  return (Math.max(1, Math.floor(page)) - 1) * pageSize;
}
