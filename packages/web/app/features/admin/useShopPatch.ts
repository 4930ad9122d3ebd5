import { useState } from "react";
import { useRevalidator } from "react-router";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess } from "./notify";

/** PATCH /shops/{slug} with success/error toasts; returns the API's field errors (by field code) on 400. */
export function useShopPatch(shopSlug: string) {
  const t = useT();
  const revalidator = useRevalidator();
  const [submitting, setSubmitting] = useState(false);
  const patch = async (body: Record<string, unknown>): Promise<Record<string, string> | null> => {
    setSubmitting(true);
    try {
      await apiCall("PATCH", `/shops/${shopSlug}`, body);
      notifySuccess(t("success_title"), t("shop_updated"));
      revalidator.revalidate();
      return null;
    } catch (failure) {
      notifyError(t("error_title"), failure, t("generic_error"));
      return failure instanceof ApiRequestError && failure.body.fields ? failure.body.fields : {};
    } finally {
      setSubmitting(false);
    }
  };
  return { patch, submitting };
}
