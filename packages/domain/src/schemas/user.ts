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
  /** Platform staff: may disable and re-enable shops (the platform admin page). */
  platform_admin: z.boolean(),
  /** Platform staff: a support advisor, whose open pages send the heartbeat that shows them online. */
  advisor: z.boolean(),
});
export type MeView = z.infer<typeof meView>;
