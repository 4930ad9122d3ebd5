import { z } from "zod";
import { listingSorts } from "../rules/product-form";
import { productTypes } from "./product";

/** An autocomplete result (spec §3 Search result), shared by the API and the search panel. */
export const searchResult = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(productTypes),
  owner: z.string(),
  owner_slug: z.string(),
  currency: z.string(),
  photo: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResult>;

/** A shop's listing: by type, paginated (page is 1-based and wins over offset), sorted, searched (`q`) and by category. */
export const productListingQuery = z.object({
  type: z.enum(productTypes).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  page: z.coerce.number().int().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  sort: z.enum(listingSorts).default("queue_position"),
  q: z.string().max(200).optional(),
  category: z.string().max(80).optional(),
});

/** A category of a shop's items with its item count. */
export const categoryCount = z.object({ name: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof categoryCount>;

export const autocompleteQuery = z.object({
  type: z.enum(productTypes).default("product"),
  q: z.string().trim().min(1).max(100),
  shop: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});
