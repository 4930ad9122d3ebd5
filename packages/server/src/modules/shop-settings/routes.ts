import { shopView } from "@tianguis/domain/schemas/shop";
import { shopSettingsPatch } from "@tianguis/domain/schemas/shop-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { requireUser } from "../../http/auth";
import { updateShopSettings } from "./service";

export function shopSettingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.patch(
      "/shops/:slug",
      {
        onRequest: requireUser,
        schema: {
          tags: ["shop settings"],
          summary: "Shop editors: name, photo and shape, header background, colours (field + color1), social links, sections, columns, dark mode",
          params: z.object({ slug: z.string() }),
          body: shopSettingsPatch,
          response: { 200: shopView },
        },
      },
      async (request) => updateShopSettings(ctx, request.params.slug, request.user, request.body),
    );
  };
}
