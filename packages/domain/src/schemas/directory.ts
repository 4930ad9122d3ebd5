import { z } from "zod";
import { productTypes } from "./product";

/** A business of the business network ('Red comercial'), shared by the API and the businesses tab. */
export const businessView = z.object({
  id: z.string(),
  slug: z.string(),
  name: z.string(),
  photo: z.string().nullable(),
  description: z.string().nullable(),
  store_type: z.string().nullable(),
  items: z.number().int(),
  color: z.string(),
});
export type BusinessView = z.infer<typeof businessView>;

const networkPage = {
  text: z.string().trim().max(100).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(60).default(24),
};
export const businessesQuery = z.object(networkPage);
export const networkProductsQuery = z.object({ ...networkPage, type: z.enum(productTypes).optional() });
