import { routeOf } from "@tianguis/domain/api/endpoint";
import { ordersApi } from "@tianguis/domain/api/orders";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import { exportSellerOrders } from "./export";
import {
  cancelByCustomer,
  cancelBySupplier,
  countOrdersWaiting,
  getCustomerPurchase,
  getSellerOrder,
  issueReceipt,
  listSellerOrders,
  purchaseOrderPdf,
  saveInvoicing,
  takeNextAction,
} from "./service";

/** API: the seller's and the customer's orders; their steps move orders, stock, commissions and tickets, never an item itself. */
export function ordersRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(ordersApi.sellerList),
      handler: async (request) => listSellerOrders(ctx, request.params.slug, request.user, request.query),
    });

    app.route({
      ...routeOf(ordersApi.waiting),
      handler: async (request) => countOrdersWaiting(ctx, request.params.slug, request.user),
    });

    app.route({
      ...routeOf(ordersApi.export),
      handler: async (request, reply) => {
        const csv = await exportSellerOrders(ctx, request.params.slug, request.user, request.query, requestLocale(request));
        const day = ctx.clock.now().toISOString().slice(0, 10);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="pedidos-${request.params.slug}-${day}.csv"`)
          .serializer((payload) => payload as string)
          .send(csv);
      },
    });

    app.route({
      ...routeOf(ordersApi.sellerGet),
      handler: async (request) => getSellerOrder(ctx, request.params.slug, request.user, request.params.id),
    });

    app.route({
      ...routeOf(ordersApi.pdf),
      handler: async (request, reply) => {
        const { number, pdf } = await purchaseOrderPdf(ctx, request.params.slug, request.user, request.params.id, requestLocale(request));
        return (
          reply
            .type("application/pdf")
            .header("content-disposition", `inline; filename="orden-de-compra-${number}.pdf"`)
            // Fastify sends a Buffer as it is; the contract types the body as the document's bytes in a string.
            .send(pdf as unknown as string)
        );
      },
    });

    app.route({
      ...routeOf(ordersApi.next),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => takeNextAction(ctx, request.params.slug, request.user, request.params.id, request.body),
    });

    app.route({
      ...routeOf(ordersApi.sellerCancel),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => cancelBySupplier(ctx, request.params.slug, request.user, request.params.id, request.body.reason),
    });

    app.route({
      ...routeOf(ordersApi.receipt),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) =>
        reply.status(201).send(await issueReceipt(ctx, request.params.slug, request.user, request.params.id)),
    });

    app.route({
      ...routeOf(ordersApi.customerGet),
      handler: async (request) => getCustomerPurchase(ctx, request.params.id, request.user, request.query.token),
    });

    app.route({
      ...routeOf(ordersApi.customerCancel),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => cancelByCustomer(ctx, request.params.id, request.user, request.query.token, request.body.reason),
    });

    app.route({
      ...routeOf(ordersApi.invoicing),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => saveInvoicing(ctx, request.params.id, request.user, request.query.token, request.body),
    });
  };
}
