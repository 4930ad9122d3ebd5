import { routeOf } from "@tianguis/domain/api/endpoint";
import { invoicesApi } from "@tianguis/domain/api/invoices";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { requestLocale } from "../../http/locale";
import {
  cancelInvoice,
  getFiscalProfile,
  getOrderInvoice,
  invoiceFile,
  issueGlobalInvoice,
  issueOrderInvoice,
  listMyInvoices,
  listPurchaseInvoices,
  listShopInvoices,
  replaceInvoice,
  saveFiscalProfile,
  shopInvoiceFile,
} from "./service";

const types = { xml: "application/xml", pdf: "application/pdf" } as const;

/** API: CFDI 4.0 invoices; files are sent as they are (the contract types their bytes as a string). */
export function invoicesRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(invoicesApi.profileGet),
      handler: async (request) => getFiscalProfile(ctx, request.params.slug, request.user),
    });
    app.route({
      ...routeOf(invoicesApi.profilePut),
      handler: async (request) => saveFiscalProfile(ctx, request.params.slug, request.user, request.body),
    });
    app.route({
      ...routeOf(invoicesApi.list),
      handler: async (request) => listShopInvoices(ctx, request.params.slug, request.user, request.query),
    });
    app.route({
      ...routeOf(invoicesApi.orderInvoice),
      handler: async (request) => getOrderInvoice(ctx, request.params.slug, request.user, request.params.orderId),
    });
    app.route({
      ...routeOf(invoicesApi.issue),
      handler: async (request, reply) =>
        reply.status(201).send(await issueOrderInvoice(ctx, request.params.slug, request.user, request.params.orderId)),
    });
    app.route({
      ...routeOf(invoicesApi.globalIssue),
      handler: async (request, reply) =>
        reply.status(201).send(await issueGlobalInvoice(ctx, request.params.slug, request.user, request.body)),
    });
    app.route({
      ...routeOf(invoicesApi.cancel),
      handler: async (request) => cancelInvoice(ctx, request.params.slug, request.user, request.params.id, request.body),
    });
    app.route({
      ...routeOf(invoicesApi.replace),
      handler: async (request, reply) =>
        reply.status(201).send(await replaceInvoice(ctx, request.params.slug, request.user, request.params.id)),
    });
    for (const kind of ["xml", "pdf"] as const) {
      app.route({
        ...routeOf(kind === "xml" ? invoicesApi.shopXml : invoicesApi.shopPdf),
        handler: async (request, reply) => {
          const { slug, id } = request.params as { slug: string; id: string };
          const file = await shopInvoiceFile(ctx, slug, request.user, id, kind, requestLocale(request));
          return reply
            .type(types[kind])
            .header("content-disposition", `attachment; filename="factura-${file.number}.${kind}"`)
            .send(file.body as unknown as string);
        },
      });
      app.route({
        ...routeOf(kind === "xml" ? invoicesApi.xml : invoicesApi.pdf),
        handler: async (request, reply) => {
          const { id } = request.params as { id: string };
          const { token } = request.query as { token?: string };
          const file = await invoiceFile(ctx, id, request.user, token, kind, requestLocale(request));
          return reply
            .type(types[kind])
            .header("content-disposition", `attachment; filename="factura-${file.number}.${kind}"`)
            .send(file.body as unknown as string);
        },
      });
    }
    app.route({
      ...routeOf(invoicesApi.mine),
      handler: async (request) => listMyInvoices(ctx, request.user, request.query),
    });
    app.route({
      ...routeOf(invoicesApi.purchaseInvoices),
      handler: async (request) => listPurchaseInvoices(ctx, request.params.id, request.user, request.query.token),
    });
  };
}
