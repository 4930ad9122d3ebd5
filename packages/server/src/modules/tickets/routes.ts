import { routeOf } from "@tianguis/domain/api/endpoint";
import { ticketsApi } from "@tianguis/domain/api/tickets";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import {
  checkIn,
  getTicket,
  issueTickets,
  listOrderTickets,
  listShopTickets,
  orderTicketsPdf,
  orderTicketsZip,
  renameTicket,
  shopTicketPdf,
  ticketPdf,
} from "./service";
import { ticketApplePass, ticketWalletLinks } from "./passes";

/** API: experience tickets; issuing, renaming and checking in change tickets only, never the experience itself. */
export function ticketsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(ticketsApi.orderAttendants),
      handler: async (request) => listOrderTickets(ctx, request.params.id, request.user, request.query),
    });

    // Files: Fastify sends a Buffer as it is; the contract types the body as the document's bytes in a string.
    app.route({
      ...routeOf(ticketsApi.orderPdf),
      handler: async (request, reply) => {
        const { number, pdf } = await orderTicketsPdf(ctx, request.params.id, request.user, request.query.token, requestLocale(request));
        return reply
          .type("application/pdf")
          .header("content-disposition", `attachment; filename="boletos-${number}.pdf"`)
          .send(pdf as unknown as string);
      },
    });

    app.route({
      ...routeOf(ticketsApi.orderZip),
      handler: async (request, reply) => {
        const { number, zip } = await orderTicketsZip(ctx, request.params.id, request.user, request.query.token, requestLocale(request));
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="boletos-${number}.zip"`)
          .send(zip as unknown as string);
      },
    });

    app.route({
      ...routeOf(ticketsApi.pdf),
      handler: async (request, reply) => {
        const pdf = await ticketPdf(ctx, request.params.id, request.user, request.query.token, requestLocale(request));
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="boleto-${request.params.id}.pdf"`)
          .send(pdf as unknown as string);
      },
    });

    app.route({
      ...routeOf(ticketsApi.get),
      handler: async (request) => getTicket(ctx, request.params.id, request.user, request.query.token),
    });

    app.route({
      ...routeOf(ticketsApi.rename),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => renameTicket(ctx, request.params.id, request.user, request.query.token, request.body.holder_name),
    });

    app.route({
      ...routeOf(ticketsApi.walletLinks),
      handler: async (request) => ticketWalletLinks(ctx, request.params.id, request.params.ticketId, request.user, requestLocale(request)),
    });

    app.route({
      ...routeOf(ticketsApi.applePass),
      handler: async (request, reply) => {
        const { id, ticketId } = request.params;
        const pass = await ticketApplePass(ctx, id, ticketId, request.user, requestLocale(request));
        return reply
          .type("application/vnd.apple.pkpass")
          .header("content-disposition", `attachment; filename="boleto-${ticketId}.pkpass"`)
          .send(pass as unknown as string);
      },
    });

    app.route({
      ...routeOf(ticketsApi.shopList),
      handler: async (request) => listShopTickets(ctx, request.params.slug, request.user, request.query),
    });

    app.route({
      ...routeOf(ticketsApi.issue),
      config: { changes: "stock, orders and ratings" },
      handler: async (request, reply) =>
        reply.status(201).send(await issueTickets(ctx, request.params.slug, request.user, request.params.productId, request.body)),
    });

    app.route({
      ...routeOf(ticketsApi.shopPdf),
      handler: async (request, reply) => {
        const pdf = await shopTicketPdf(ctx, request.params.slug, request.user, request.params.id, requestLocale(request));
        return reply
          .type("application/pdf")
          .header("content-disposition", `inline; filename="boleto-${request.params.id}.pdf"`)
          .send(pdf as unknown as string);
      },
    });

    app.route({
      ...routeOf(ticketsApi.checkIn),
      config: { changes: "stock, orders and ratings" },
      handler: async (request) => checkIn(ctx, request.params.slug, request.user, request.body.code),
    });
  };
}
