import type { BodyOf } from "@tianguis/domain/api/endpoint";
import { shopsApi } from "@tianguis/domain/routes/shops";
import { ApiRequestError, api } from "../../lib/api/client";
import { useMutation } from "../../ui/useMutation";

/** PATCH /shops/{slug} with success/error toasts; returns the API's field errors (by field code) on 400. */
export function useShopPatch(shopSlug: string) {
  const { run, busy } = useMutation();
  const patch = async (body: BodyOf<typeof shopsApi.update>): Promise<Record<string, string> | null> => {
    let fields: Record<string, string> = {};
    const saved = await run(() => api(shopsApi.update, { params: { slug: shopSlug }, body }), {
      success: "shop_updated",
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.body.fields) fields = failure.body.fields;
      },
    });
    return saved ? null : fields;
  };
  return { patch, submitting: busy };
}
