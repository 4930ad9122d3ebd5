import { z } from "zod";

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
