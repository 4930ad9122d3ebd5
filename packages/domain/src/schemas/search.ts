import { z } from "zod";
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
