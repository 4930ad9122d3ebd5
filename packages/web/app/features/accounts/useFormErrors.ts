import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import { useCallback, useState } from "react";
import { ApiRequestError } from "../../lib/api/client";

/**
 * Field errors that show only after a field is touched (or the form was submitted), plus server
 * errors keyed by field. `errors` holds catalogue codes; the form translates them.
 */
export function useFormErrors(validate: () => Record<string, MessageCode | undefined>) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, MessageCode>>({});
  const local = validate();

  const errorOf = useCallback(
    (field: string): MessageCode | undefined =>
      serverErrors[field] ?? ((touched[field] || submitted) && local[field] ? local[field] : undefined),
    [serverErrors, touched, submitted, local],
  );
  const touch = useCallback((field: string) => setTouched((current) => ({ ...current, [field]: true })), []);
  const setServerError = useCallback((field: string, code: MessageCode | undefined) => {
    setServerErrors((current) => {
      const next = { ...current };
      if (code) next[field] = code;
      else delete next[field];
      return next;
    });
  }, []);
  /** Marks the form submitted; true when no local error remains. */
  const submit = useCallback(() => {
    setSubmitted(true);
    return Object.values(local).every((value) => !value);
  }, [local]);
  /** Copies an API error's field codes onto the fields; returns the codes that matched no field. */
  const applyApiError = useCallback((error: unknown): MessageCode | undefined => {
    if (!(error instanceof ApiRequestError)) return "unknown";
    const codes = error.body.field_codes;
    if (codes) {
      setServerErrors(Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, messageCode(code)])));
      return undefined;
    }
    return messageCode(error.body.code);
  }, []);
  return { errorOf, touch, submit, setServerError, clearServerErrors: () => setServerErrors({}), applyApiError };
}
