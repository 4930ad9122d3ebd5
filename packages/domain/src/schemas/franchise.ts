import { z } from "zod";
import { franchiseAdminPageSize, franchiseModalPageSize, franchisePublicPageSize, franchiseStoreTypes } from "../rules/franchises";

/**
 * A franchise or affinity store as a franchise shop lists it (commerce-and-accounts §3 'Franchise/store'): photo, name
 * and canonical URL, with `in_store` (listed in the asking shop) and `is_public` (visitors can reach it).
 */
export const franchiseView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  canonical_url: z.string(),
  store_type: z.string().nullable(),
  in_store: z.boolean(),
  is_public: z.boolean(),
});
export type FranchiseView = z.infer<typeof franchiseView>;

const offset = z.coerce.number().int().min(0).max(100_000).default(0);

export const publicFranchisesQuery = z.object({ offset, limit: z.coerce.number().int().min(1).max(60).default(franchisePublicPageSize) });
export const adminFranchisesQuery = z.object({ offset, limit: z.coerce.number().int().min(1).max(60).default(franchiseAdminPageSize) });
/** The modal's search: name text, optional store type, 2 per page. */
export const publishedFranchisesQuery = z.object({
  text: z.string().trim().max(100).optional(),
  type: z.enum(franchiseStoreTypes).optional(),
  offset,
  limit: z.coerce.number().int().min(1).max(30).default(franchiseModalPageSize),
});

export const franchiseParams = z.object({ slug: z.string().min(1).max(200), franchiseId: z.string().uuid() });
export const inStoreBody = z.object({ ids: z.array(z.string().uuid()).min(1).max(100) });
/** in_store per asked id (§7 'POST .../franchises/instore': results keyed by id). */
export const inStoreResults = z.object({ results: z.record(z.string(), z.boolean()) });
export const franchiseInStore = z.object({ id: z.string(), in_store: z.boolean() });
