import { deliveryTypes } from "@tianguis/domain/rules/checkout";
import { addressFields } from "@tianguis/domain/schemas/address";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { idempotent } from "../../http/idempotency";
import { registerJob } from "../../jobs/runner";
import { priceLines, requireStore } from "../cart/service";
import { createCheckout, expireCheckout, shareCheckout } from "./service";
import { getCheckoutView, getSharedCheckoutView, listMyCheckouts, loadCheckout } from "./views";

const line = z.object({ product_id: z.string().uuid(), quantity: z.number().int().min(1).max(9999) });
const tokenQuery = z.object({ token: z.string().optional() });
const idParams = z.object({ id: z.string().uuid() });

export function checkoutRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  registerJob("expire_checkout", async (jobCtx, payload) => {
    await expireCheckout(jobCtx, payload.checkout_id);
  });
  return async (app) => {
    app.post(
      "/shops/:slug/shipping/quotes",
      {
        schema: {
          tags: ["checkout"],
          summary: "Courier quotes for the cart's supplier parcels to a postal code",
          params: z.object({ slug: z.string() }),
          body: z.object({ postal_code: z.string(), items: z.array(line).max(200).default([]) }),
        },
      },
      async (request) => {
        const store = await requireStore(ctx, request.params.slug);
        const groups = await priceLines(ctx, store.id, request.body.items);
        const weights = groups.length > 0 ? groups.map((group) => group.products.reduce((sum, item) => sum + item.weight_grams * item.quantity, 0)) : [1000];
        const perParcel = weights.map((weightGrams) => ctx.shipping.quote({ postalCode: request.body.postal_code, weightGrams, currency: "MXN" }));
        const rates = (perParcel[0] ?? []).map((rate, index) => ({ ...rate, cost: perParcel.reduce((sum, parcel) => sum + parcel[index].cost, 0) }));
        return { rates };
      },
    );

    app.post(
      "/shops/:slug/checkout",
      {
        schema: {
          tags: ["checkout"],
          summary: "Create a purchase: one order per supplier, stock taken atomically; accepts Idempotency-Key",
          params: z.object({ slug: z.string() }),
          body: z.object({
            items: z.array(line).min(1).max(200).optional(),
            contact: z.object({ full_name: z.string().trim().min(1).max(120), email: z.string().trim().email(), phone: z.string().max(20).optional() }).optional(),
            delivery_type: z.enum(deliveryTypes),
            address: addressFields.optional(),
            /** A saved address of the signed-in customer, used instead of `address`. */
            address_id: z.string().uuid().optional(),
            /** Keep the entered address in the signed-in customer's address book. */
            save_address: z.boolean().optional(),
            rate_id: z.string().max(60).optional(),
          }),
        },
      },
      async (request, reply) =>
        idempotent(ctx, request, reply, async () => {
          const cookies = request.cookies;
          const created = await createCheckout(ctx, request.params.slug, request.user, {
            ...request.body,
            attribution: { referral: cookies.referralID, campaign: cookies.campaign, click_id: cookies.clickID },
          });
          return { status: 201, body: await getCheckoutView(ctx, created.id, request.user, created.accessToken) };
        }),
    );

    app.get(
      "/checkouts/:id",
      { schema: { tags: ["checkout"], summary: "A purchase (its customer, or with its access token)", params: idParams, querystring: tokenQuery } },
      async (request) => getCheckoutView(ctx, request.params.id, request.user, request.query.token),
    );

    app.get(
      "/checkouts/shared/:slug",
      { schema: { tags: ["checkout"], summary: "A shared purchase by its public link (public_slug), to see and pay it", params: z.object({ slug: z.string().min(1).max(40) }) } },
      async (request) => getSharedCheckoutView(ctx, request.params.slug),
    );

    app.post(
      "/checkouts/:id/share",
      { schema: { tags: ["checkout"], summary: "Generate the purchase's public link (once)", params: idParams, querystring: tokenQuery } },
      async (request) => {
        const checkout = await loadCheckout(ctx, request.params.id, request.user, request.query.token);
        return shareCheckout(ctx, checkout.id);
      },
    );

    app.get(
      "/orders",
      {
        preHandler: requireUser,
        schema: { tags: ["orders"], summary: "The signed-in customer's purchases, newest first", querystring: z.object({ offset: z.coerce.number().int().min(0).default(0), limit: z.coerce.number().int().min(1).max(50).default(10) }) },
      },
      async (request) => {
        const results = await listMyCheckouts(ctx, currentUser(request), request.query.offset, request.query.limit);
        return { results, matches_estimated: request.query.offset + results.length };
      },
    );
  };
}
