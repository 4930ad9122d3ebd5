import { routeOf } from "@tianguis/domain/api/endpoint";
import { galleryApi } from "@tianguis/domain/api/gallery";
import { shopPhotoMaxBytes } from "@tianguis/domain/schemas/shop-settings";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { deleteOwnImage, imageRejected, uploadImage } from "./service";

export function galleryRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const upload = routeOf(galleryApi.upload);
    app.route({
      ...upload,
      schema: { ...upload.schema, consumes: ["multipart/form-data"] },
      onRequest: requireUser,
      handler: async (request) => {
        const user = currentUser(request);
        if (!request.isMultipart()) throw imageRejected();
        const fields: Record<string, string> = {};
        let file: { mimetype: string; data: Buffer } | null = null;
        for await (const part of request.parts({ limits: { fileSize: shopPhotoMaxBytes + 1, files: 1 } })) {
          if (part.type === "file") {
            const data = await part.toBuffer().catch(() => null);
            if (!data || part.file.truncated) throw imageRejected();
            file = { mimetype: part.mimetype, data };
          } else fields[part.fieldname] = String(part.value);
        }
        if (!file) throw imageRejected();
        const count = Number.parseInt(fields.get_main_colors ?? "5", 10);
        return uploadImage(ctx, {
          ownerId: user.id,
          name: fields.name ?? "image",
          mimetype: file.mimetype,
          data: file.data,
          getMainColors: Number.isFinite(count) ? Math.min(Math.max(count, 0), 10) : 5,
        });
      },
    });

    app.route({
      ...routeOf(galleryApi.remove),
      onRequest: requireUser,
      handler: async (request, reply) => {
        await deleteOwnImage(ctx, request.params.id, currentUser(request).id);
        return reply.status(204).send(null);
      },
    });
  };
}
