import { routeOf } from "@tianguis/domain/api/endpoint";
import { importsApi } from "@tianguis/domain/api/imports";
import { photoZipMaxBytes, photoZipMaxTotalBytes } from "@tianguis/domain/rules/photo-zip";
import { importMaxBytes } from "@tianguis/domain/rules/product-import";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../../context";
import { currentUser, requireUser } from "../../http/auth";
import { AppError } from "../../http/errors";
import { requestLocale } from "../../http/locale";
import { getImport, importTemplate, listImports, previewImport, rejectedRowsFile, startImport } from "./service";
import { type UploadedSheet, sheetContentType } from "./sheets";

const MB = 1024 * 1024;
const tooLarge = () => new AppError("import_file_too_large", { status: 413, details: { max: importMaxBytes / MB } });
const zipTooLarge = () =>
  new AppError("import_zip_too_large", { status: 413, details: { max: photoZipMaxBytes / MB, total: photoZipMaxTotalBytes / MB } });

/** Files (the template, the rejected rows): Fastify sends a Buffer as it is; the contract types the body as a string. */
export function importsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.route({
      ...routeOf(importsApi.template),
      handler: async (request, reply) =>
        reply
          .type(sheetContentType[request.query.format])
          .header("content-disposition", `attachment; filename="plantilla-productos.${request.query.format}"`)
          .send((await importTemplate(request.query.format)) as unknown as string),
    });
    const create = routeOf(importsApi.create);
    app.route({
      ...create,
      schema: { ...create.schema, consumes: ["multipart/form-data"] },
      preHandler: requireUser,
      handler: async (request, reply) => {
        const user = currentUser(request);
        if (!request.isMultipart()) throw new AppError("import_file_empty", { status: 400 });
        let file: UploadedSheet | null = null;
        let photos: Buffer | null = null;
        const limits = { fileSize: Math.max(importMaxBytes, photoZipMaxBytes), files: 2 };
        for await (const part of request.parts({ limits })) {
          if (part.type !== "file") continue;
          const isZip = part.fieldname === "photos";
          if (isZip ? photos : file) {
            part.file.resume();
            continue;
          }
          const data = await part.toBuffer().catch(() => null);
          if (!data || part.file.truncated || data.length > (isZip ? photoZipMaxBytes : importMaxBytes))
            throw isZip ? zipTooLarge() : tooLarge();
          if (isZip) photos = data.length > 0 ? data : null;
          else file = { filename: part.filename, data };
        }
        if (!file || file.data.length === 0) throw new AppError("import_file_empty", { status: 400 });
        return reply.status(201).send(await previewImport(ctx, request.params.slug, user, file, photos));
      },
    });
    app.route({
      ...routeOf(importsApi.list),
      preHandler: requireUser,
      handler: async (request) => listImports(ctx, request.params.slug, currentUser(request), request.query),
    });
    app.route({
      ...routeOf(importsApi.get),
      preHandler: requireUser,
      handler: async (request) => getImport(ctx, request.params.slug, currentUser(request), request.params.id),
    });
    app.route({
      ...routeOf(importsApi.run),
      preHandler: requireUser,
      handler: async (request) => startImport(ctx, request.params.slug, currentUser(request), request.params.id),
    });
    app.route({
      ...routeOf(importsApi.rejected),
      preHandler: requireUser,
      handler: async (request, reply) => {
        const { slug, id } = request.params;
        const { format } = request.query;
        const file = await rejectedRowsFile(ctx, slug, currentUser(request), id, format, requestLocale(request));
        return reply
          .type(sheetContentType[format])
          .header("content-disposition", `attachment; filename="${file.fileName}"`)
          .send(file.data as unknown as string);
      },
    });
  };
}
