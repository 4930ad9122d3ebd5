import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, messageCode, translate } from "@tianguis/domain/messages/index";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { ZodError } from "zod";
import { requestLocale } from "./locale";

/** Field name → the catalogue code of what is wrong with it. */
export type FieldCodes = Record<string, MessageCode>;

/** A business error: a message-catalogue code, the HTTP status, and optional field errors (field → code). */
export class AppError extends Error {
  readonly status: number;
  readonly fields?: FieldCodes;
  readonly details?: Record<string, unknown>;
  readonly code: MessageCode;

  constructor(code: MessageCode, options: { status?: number; fields?: FieldCodes; details?: Record<string, unknown> } = {}) {
    super(code);
    this.name = "AppError";
    this.status = options.status ?? defaultStatus(code);
    this.fields = options.fields;
    this.details = options.details;
    this.code = code;
  }
}

const statusByCode: Partial<Record<MessageCode, number>> = {
  validation_failed: 400,
  unauthorized: 401,
  forbidden: 403,
  csrf_invalid: 403,
  not_found: 404,
  shop_not_found: 404,
  conflict: 409,
  idempotency_conflict: 409,
  rate_limited: 429,
  login_locked: 429,
};

function defaultStatus(code: MessageCode): number {
  return statusByCode[code] ?? 422;
}

/** A zod issue's message as a field code: schemas name catalogue codes; anything else reads as 'required'. */
function fieldCode(message: string | undefined): MessageCode {
  return messageCode(message, "required");
}

/** A zod error's issues as field codes (the first per field; the whole input is "body"). */
export function fieldCodesOf(error: ZodError): FieldCodes {
  const fields: FieldCodes = {};
  for (const issue of error.issues) fields[issue.path.map(String).join(".") || "body"] ??= fieldCode(issue.message);
  return fields;
}

/** One error shape for the whole API: { code, message, fields? }, message in the request's locale. */
export function sendError(
  reply: FastifyReply,
  locale: Locale,
  status: number,
  code: MessageCode,
  fields?: FieldCodes,
  details?: Record<string, unknown>,
) {
  const translatedFields = fields
    ? Object.fromEntries(Object.entries(fields).map(([name, fieldCodeValue]) => [name, translate(locale, fieldCodeValue)]))
    : undefined;
  return reply.status(status).send({
    code,
    message: translate(locale, code, details as Record<string, string | number> | undefined),
    ...(translatedFields ? { fields: translatedFields, field_codes: fields } : {}),
    ...(details ? { details } : {}),
  });
}

/**
 * Text Postgres cannot store is the client's bad input, not a server fault: a NUL byte in text (SQLSTATE 22021,
 * e.g. "a%00b" in a path) or in jsonb (22P05), or a lone surrogate ("\ud800") in jsonb (22P02).
 */
const unstorableText = new Set(["22021", "22P05", "22P02"]);
function isUnstorableText(error: unknown): boolean {
  const { code, cause } = error as { code?: unknown; cause?: { code?: unknown } };
  return unstorableText.has(String(code)) || unstorableText.has(String(cause?.code));
}

export function errorHandler(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  const locale = requestLocale(request);
  if (error instanceof AppError) return sendError(reply, locale, error.status, error.code, error.fields, error.details);
  if (isUnstorableText(error)) {
    request.log.warn({ err: error }, "the database refused the request's text");
    return sendError(reply, locale, 400, "validation_failed");
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: FieldCodes = {};
    for (const issue of error.validation) {
      const path = issue.instancePath.replace(/^\//, "").replace(/\//g, ".") || "body";
      fields[path] ??= fieldCode(issue.message);
    }
    return sendError(reply, locale, 400, "validation_failed", fields);
  }
  // A schema parsed by hand (a form, a stored value) that the input does not fit: the client's 400, never a 500.
  if (error instanceof ZodError) {
    request.log.warn({ err: error }, "input did not fit a schema parsed by hand");
    return sendError(reply, locale, 400, "validation_failed", fieldCodesOf(error));
  }
  const status = (error as FastifyError).statusCode ?? 500;
  if (status === 429) return sendError(reply, locale, 429, "rate_limited");
  if (status >= 400 && status < 500) {
    const code = status === 404 ? "not_found" : status === 413 ? "file_too_large" : "validation_failed";
    return sendError(reply, locale, status, code);
  }
  request.log.error({ err: error }, "unhandled error");
  return sendError(reply, locale, 500, "unknown");
}
