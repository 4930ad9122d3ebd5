import { routeOf } from "@tianguis/domain/api/endpoint";
import { paymentAccountsApi } from "@tianguis/domain/api/payment-accounts";
import { paymentsApi } from "@tianguis/domain/api/payments";
import type { PaymentProviderName } from "@tianguis/domain/rules/payment-providers";
import { returnsApi } from "@tianguis/domain/api/returns";
import { formatMoney } from "@tianguis/domain/money";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { cardPage, challengePage, sandboxPageCsp } from "../../adapters/payments/sandbox-pages";
import type { AppContext } from "../../context";
import { AppError, fieldCodesOf } from "../../http/errors";
import { idempotent } from "../../http/idempotency";
import { deleteCheckoutCard, listCheckoutCards } from "./cards";
import {
  gatewayPaymentOf,
  payCheckout,
  receiveProviderWebhook,
  receiveRefundWebhook,
  receiveWebhook,
  returnFromRedirect,
  sandboxAnswersOnHost,
} from "./service";

export const SIGNATURE_HEADER = "x-sandbox-signature";

/** API: pay a purchase and receive the gateway's signed webhooks; a payment moves purchases, orders and memberships, no item. */
export function paymentsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(paymentsApi.pay),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) =>
        idempotent(ctx, request, reply, async (_ctx, requestKey) => ({
          status: 200,
          body: await payCheckout(ctx, request.params.id, request.user, request.query.token, request.body, requestKey),
        })),
    });

    app.route({
      ...routeOf(paymentsApi.checkoutCards),
      handler: async (request) => listCheckoutCards(ctx, request.user, request.query),
    });

    app.route({
      ...routeOf(paymentsApi.deleteCheckoutCard),
      handler: async (request) => deleteCheckoutCard(ctx, request.user, request.params.id),
    });

    app.route({
      ...routeOf(paymentsApi.redirectReturn),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => returnFromRedirect(ctx, request.params.id, request.user, request.query.token, request.body),
    });

    await app.register(async (webhooks) => {
      // The signature covers the exact bytes sent: keep the raw body.
      webhooks.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => done(null, body));
      webhooks.route({
        ...routeOf(paymentsApi.sandboxWebhook),
        config: { changes: "stock, orders and ratings" },
        handler: async (request) => ({
          received: await receiveWebhook(ctx, String(request.body), request.headers[SIGNATURE_HEADER] as string | undefined),
        }),
      });
      webhooks.route({
        ...routeOf(returnsApi.refundWebhook),
        config: { changes: "stock, orders and ratings" },
        handler: async (request) => ({
          received: await receiveRefundWebhook(ctx, String(request.body), request.headers[SIGNATURE_HEADER] as string | undefined),
        }),
      });
    });
    await app.register(async (webhooks) => {
      // Signatures cover the exact bytes sent: keep the raw body, whatever the provider calls its content type.
      webhooks.removeAllContentTypeParsers();
      webhooks.addContentTypeParser("*", { parseAs: "string" }, (_request, body, done) => done(null, body));
      webhooks.route({
        ...routeOf(paymentAccountsApi.webhook),
        // Settles payments and refunds (purchases, orders, memberships), as the sandbox webhook does: never an item.
        config: { changes: "stock, orders and ratings" },
        handler: async (request) => {
          const headers = Object.fromEntries(
            Object.entries(request.headers).map(([name, value]) => [name.toLowerCase(), Array.isArray(value) ? value.join(",") : value]),
          );
          // Validated by the contract's params schema; the scoped plugin does not carry the zod type provider.
          const params = request.params as { provider: PaymentProviderName; accountId: string };
          const received = await receiveProviderWebhook(ctx, params.provider, params.accountId, {
            rawBody: typeof request.body === "string" ? request.body : "",
            headers,
            url: request.url,
          });
          return { received };
        },
      });
    });
  };
}

/** The sandbox gateway's hosted pages, outside the API: card form, card tokens, 3DS challenge, redirect approval. */
export function sandboxPayRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    // A page of the gateway, not of the shop: no other site may frame it, and a shop charging live has none.
    const sendPage = (reply: FastifyReply, html: string) =>
      reply
        .type("text/html; charset=utf-8")
        .header("content-security-policy", sandboxPageCsp)
        .header("x-frame-options", "SAMEORIGIN")
        .header("referrer-policy", "no-referrer")
        .send(html);
    const requireSandboxHost = async (request: FastifyRequest) => {
      if (!(await sandboxAnswersOnHost(ctx, request.headers.host))) throw new AppError("not_found");
    };

    app.get("/sandbox-pay/card", async (request, reply) => {
      await requireSandboxHost(request);
      return sendPage(reply, cardPage());
    });

    app.post(
      "/sandbox-pay/tokens",
      {
        schema: {
          body: z.object({
            number: z.string().max(23),
            name: z.string().max(100),
            exp_month: z.number().int(),
            exp_year: z.number().int(),
            cvc: z.string().max(4),
          }),
        },
      },
      async (request, reply) => {
        await requireSandboxHost(request);
        const token = ctx.payments.tokenizeCard({
          number: request.body.number,
          expMonth: request.body.exp_month,
          expYear: request.body.exp_year,
          cvc: request.body.cvc,
        });
        if (!token)
          return reply.status(400).send({ code: "card_error", message: "Revisa el número, el vencimiento y el CVC de la tarjeta." });
        const card = ctx.payments.readToken(token);
        return { token, last4: card?.last4, brand: card?.brand };
      },
    );

    const actionFields = z.object({
      payment: z.string().uuid(),
      sig: z.string(),
      return_url: z.string(),
      cancel_url: z.string().optional(),
      method: z.string().optional(),
    });
    const render =
      (kind: "3ds" | "approve") => async (request: FastifyRequest<{ Querystring: z.infer<typeof actionFields> }>, reply: FastifyReply) => {
        await requireSandboxHost(request);
        const payment = await gatewayPaymentOf(ctx.db, request.query.payment);
        if (!payment || !ctx.payments.verifyAction(request.query.payment, request.query.sig)) throw new AppError("not_found");
        const fields = Object.fromEntries(Object.entries(request.query).filter(([, value]) => value !== undefined)) as Record<
          string,
          string
        >;
        return sendPage(reply, challengePage(kind, fields, formatMoney({ amount: payment.amount, currency: payment.currency })));
      };
    app.get("/sandbox-pay/3ds", { schema: { querystring: actionFields } }, render("3ds"));
    app.get("/sandbox-pay/approve", { schema: { querystring: actionFields } }, render("approve"));

    // The shopper's decision: the gateway notifies the shop with a signed webhook, then sends the shopper back.
    const decision = actionFields.extend({ outcome: z.enum(["approve", "reject"]) });
    const decide = async (request: FastifyRequest, reply: FastifyReply) => {
      await requireSandboxHost(request);
      const body = request.body;
      // Any body at all reaches here (none, JSON null, a form without its fields): a missing field is the shopper's 400.
      const parsed = decision.safeParse(body);
      if (!parsed.success) throw new AppError("validation_failed", { fields: fieldCodesOf(parsed.error) });
      const fields = parsed.data;
      const payment = await gatewayPaymentOf(ctx.db, fields.payment);
      if (!payment || !ctx.payments.verifyAction(fields.payment, fields.sig)) throw new AppError("not_found");
      const approved = fields.outcome === "approve";
      const signed = ctx.payments.signWebhook({
        id: `evt_${fields.payment}_${fields.outcome}`,
        type: approved ? "payment.succeeded" : "payment.failed",
        payment_id: fields.payment,
        ref: payment.ref ?? fields.payment,
      });
      await app.inject({
        method: "POST",
        url: "/api/v1/payments/webhooks/sandbox",
        headers: { "content-type": "application/json", [SIGNATURE_HEADER]: signed.signature },
        payload: signed.body,
      });
      const target = approved || !fields.cancel_url ? fields.return_url : fields.cancel_url;
      if (!target.startsWith("/") || target.startsWith("//")) throw new AppError("validation_failed");
      return reply.redirect(target, 303);
    };
    app.register(async (forms) => {
      forms.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string" }, (_request, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
      forms.post("/sandbox-pay/3ds", async (request, reply) => decide(request, reply));
      forms.post("/sandbox-pay/approve", async (request, reply) => decide(request, reply));
    });
  };
}
