import { z } from "zod";

/** The signed-in user as the API and the web app see it (never a password or PIN hash). */
export const meView = z.object({
  id: z.string(),
  username: z.string(),
  full_name: z.string(),
  image: z.string().nullable(),
  user_level: z.number().int(),
  /** Slug of the shop this user owns, if any ('My shop'). */
  shop_slug: z.string().nullable(),
});
export type MeView = z.infer<typeof meView>;
