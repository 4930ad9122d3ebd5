import { meView } from "@tianguis/domain/schemas/user";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { shops } from "../../db/schema/shops";
import { currentUser, requireUser } from "../../http/auth";

export function accountsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/auth/me",
      { preHandler: requireUser, schema: { tags: ["accounts"], summary: "The signed-in user", response: { 200: meView } } },
      async (request) => {
        const user = currentUser(request);
        const [shop] = await ctx.db.select({ slug: shops.slug }).from(shops).where(eq(shops.ownerId, user.id)).limit(1);
        return { id: user.id, username: user.username, full_name: user.fullName, image: user.image, user_level: user.userLevel, shop_slug: shop?.slug ?? null };
      },
    );
  };
}
