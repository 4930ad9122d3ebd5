import { type MessageCode, hasMessage } from "./index";

/** The parts of a zod issue that say what went wrong with a field. */
export interface FieldIssue {
  code: string;
  message: string;
  /** invalid_type: the type the schema wanted ("string", "number", "int"…). */
  expected?: unknown;
  /** too_small / too_big: what was measured ("number", "string", "array"…). */
  origin?: unknown;
}

const numberKinds = new Set(["number", "int", "bigint"]);

/**
 * A zod issue as a field's catalogue code: schemas name codes in their messages ('required', 'max_length');
 * an issue without one reads 'must_be_number' only when a number was wanted, else 'required' (a missing
 * name is required, not a number).
 */
export function fieldCodeOf(issue: FieldIssue): MessageCode {
  if (hasMessage(issue.message)) return issue.message;
  return numberKinds.has(String(issue.expected)) || numberKinds.has(String(issue.origin)) ? "must_be_number" : "required";
}
