import { franchisesApi } from "@tianguis/domain/routes/franchises";
import { franchiseUndoMs } from "@tianguis/domain/rules/franchises";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { usePending } from "../../lib/usePending";
import { useMutation } from "../../ui/useMutation";

/**
 * Add and remove a franchise in the shop (commerce-and-accounts §4 'Franchise in a shop', §8, §9): add at once with
 * 'La franquicia se agregó a tu tienda'; remove after a 5-second undo window, then 'La franquicia se eliminó de tu
 * tienda'. A failed removal only stops the loading (§8: silently). Each success reloads the page behind.
 */
export function useFranchiseToggle(shopSlug: string) {
  const { run } = useMutation();
  const { isPending, schedule, undo } = usePending(franchiseUndoMs);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [inStore, setInStore] = useState<ReadonlyMap<string, boolean>>(new Map());

  const mark = (id: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const remember = (id: string, value: boolean) => setInStore((current) => new Map(current).set(id, value));

  const add = async (id: string) => {
    mark(id, true);
    await run(() => api(franchisesApi.add, { params: { slug: shopSlug, franchiseId: id } }), {
      success: "franchise_added",
      onSuccess: () => remember(id, true),
    });
    mark(id, false);
  };

  const remove = (id: string) =>
    schedule(id, async () => {
      mark(id, true);
      await run(() => api(franchisesApi.remove, { params: { slug: shopSlug, franchiseId: id } }), {
        success: "franchise_removed",
        onSuccess: () => remember(id, false),
        onError: () => true,
      });
      mark(id, false);
    });

  return {
    add,
    remove,
    undo,
    isPending,
    isBusy: (id: string) => busy.has(id),
    /** The store's in_store after this component's changes, else what the server said. */
    inStore: (id: string, fromServer: boolean) => inStore.get(id) ?? fromServer,
  };
}
