import type { MessageCode } from "@tianguis/domain/messages/index";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../lib/i18n";
import { notifyError, notifySuccess } from "./notify";

export interface MutationOptions<T> {
  /** Text of the success toast ('Exito' title); no toast when absent. */
  success?: MessageCode;
  /** Text of the error toast when the API sends no translated message (default: generic_error). */
  failure?: MessageCode | ((error: unknown) => MessageCode);
  /** false: the error toast always shows `failure`, never the API's message. */
  apiMessage?: boolean;
  /** Re-run the page's loaders after success (default true). */
  revalidate?: boolean;
  /** Runs after the success toast and before revalidation (awaited). */
  onSuccess?: (result: T) => unknown;
  /** Runs on failure; return true when it has told the user itself (no error toast). */
  onError?: (error: unknown) => boolean | void;
}

/**
 * One way for a component to change something through the API (STYLE.md point 11): busy while the call runs,
 * a success toast, then the page's loaders again; on failure an error toast with the API's translated message.
 * `run` resolves to true on success. Several calls of one component share the busy flag.
 */
export function useMutation() {
  const t = useT();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState(false);
  const run = async <T>(call: () => Promise<T>, options: MutationOptions<T> = {}): Promise<boolean> => {
    setBusy(true);
    try {
      const result = await call();
      if (options.success) notifySuccess(t("success_title"), t(options.success));
      await options.onSuccess?.(result);
      if (options.revalidate !== false) revalidator.revalidate();
      return true;
    } catch (failure) {
      if (options.onError?.(failure) === true) return false;
      const fallback = typeof options.failure === "function" ? options.failure(failure) : (options.failure ?? "generic_error");
      notifyError(t("error_title"), options.apiMessage === false ? null : failure, t(fallback));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
