import { downloadsApi } from "@tianguis/domain/api/downloads";
import { routeOf } from "@tianguis/domain/api/endpoint";
import { digitalFileMaxBytes } from "@tianguis/domain/rules/digital-delivery";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { attachDigitalFile, attachmentHeader, digitalFileRejected, getDigitalFile, openDownload, removeDigitalFile } from "./service";

export function downloadsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const owner = (request: { params: { slug: string; id: string } }, user: ReturnType<typeof currentUser>) => ({
      slug: request.params.slug,
      user,
      productId: request.params.id,
    });

    app.route({
      ...routeOf(downloadsApi.file),
      preHandler: requireUser,
      handler: async (request) => getDigitalFile(ctx, owner(request, currentUser(request))),
    });

    const upload = routeOf(downloadsApi.upload);
    app.route({
      ...upload,
      schema: { ...upload.schema, consumes: ["multipart/form-data"] },
      preHandler: requireUser,
      handler: async (request) => {
        if (!request.isMultipart()) throw digitalFileRejected();
        // The limit is the file's; the app-wide multipart limit is for photos.
        return attachDigitalFile(ctx, owner(request, currentUser(request)), () =>
          request.file({ limits: { fileSize: digitalFileMaxBytes, files: 1 } }),
        );
      },
    });

    app.route({
      ...routeOf(downloadsApi.remove),
      preHandler: requireUser,
      handler: async (request, reply) => {
        await removeDigitalFile(ctx, owner(request, currentUser(request)));
        return reply.status(204).send(null);
      },
    });

    app.route({
      ...routeOf(downloadsApi.download),
      // A HEAD request (link previews, mail scanners) must not use up one of the buyer's downloads.
      exposeHeadRoute: false,
      handler: async (request, reply) => {
        const download = await openDownload(ctx, request.params.token);
        return reply
          .header("content-type", download.contentType)
          .header("content-length", download.size)
          .header("content-disposition", attachmentHeader(download.fileName))
          .header("cache-control", "private, no-store")
          .header("x-content-type-options", "nosniff")
          .send(download.stream as never);
      },
    });
  };
}
