import { useCallback, useState } from "react";
import { ApiRequestError } from "../../lib/api.client";

/**
 * Field errors that show only after a field is touched (or the form was submitted), plus server
 * errors keyed by field. `errors` holds catalogue codes; the form translates them.
 */
export function useFormErrors(validate: () => Record<string, string | undefined>) {
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const local = validate();

  const errorOf = useCallback(
    (field: string): string | undefined => serverErrors[field] ?? ((touched[field] || submitted) && local[field] ? local[field] : undefined),
    [serverErrors, touched, submitted, local],
  );
  const touch = useCallback((field: string) => setTouched((current) => ({ ...current, [field]: true })), []);
  const setServerError = useCallback((field: string, code: string | undefined) => {
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
  const applyApiError = useCallback((error: unknown): string | undefined => {
    if (!(error instanceof ApiRequestError)) return "unknown";
    const codes = error.body.field_codes;
    if (codes) {
      setServerErrors(codes);
      return undefined;
    }
    return error.body.code;
  }, []);
  return { errorOf, touch, submit, setServerError, clearServerErrors: () => setServerErrors({}), applyApiError };
}
