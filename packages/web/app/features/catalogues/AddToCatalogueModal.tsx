import { Modal, Select, Stack, Text } from "@mantine/core";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useOpenedAfterMount } from "../../lib/lazy-part";
import { DialogActions } from "../../ui/DialogActions";
import { useMutation } from "../../ui/useMutation";

/** The selector's list: the shop's first 50 catalogues (spec §9 '50 for selector'). */
const selectorLimit = 50;

/** Picks one of the shop's catalogues and adds the product at its end ('El producto se agregó al catálogo'). */
export function AddToCatalogueModal({
  shopSlug,
  product,
  opened,
  onClose,
}: {
  shopSlug: string;
  product: Pick<ProductView, "id" | "name">;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const open = useOpenedAfterMount(opened);
  const [catalogues, setCatalogues] = useState<CatalogueView[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const { run, busy } = useMutation();
  useEffect(() => {
    if (!opened) return;
    api(cataloguesApi.list, { params: { slug: shopSlug }, query: { limit: selectorLimit } })
      .then((page) => setCatalogues(page.results))
      .catch(() => setCatalogues([]));
  }, [opened, shopSlug]);
  const add = () =>
    chosen &&
    run(() => api(cataloguesApi.addProduct, { params: { slug: shopSlug, id: chosen }, body: { product_id: product.id } }), {
      success: "product_added_to_catalogue",
      failure: (failure) =>
        failure instanceof ApiRequestError && failure.body.code === "invalid_product" ? "invalid_product" : "product_error",
      revalidate: false,
      onSuccess: () => {
        setChosen(null);
        onClose();
      },
    });
  return (
    <Modal opened={open} onClose={onClose} title={t("add_to_catalogue")} centered>
      <Stack>
        <Text size="sm" fw={500} lineClamp={2}>
          {product.name}
        </Text>
        {catalogues !== null && catalogues.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("no_catalogues")}
          </Text>
        ) : (
          <Select
            label={t("select_catalogue")}
            placeholder={t("select_catalogue")}
            data={(catalogues ?? []).map((catalogue) => ({ value: catalogue.id, label: catalogue.name }))}
            value={chosen}
            onChange={setChosen}
            disabled={catalogues === null}
            comboboxProps={{ withinPortal: true, zIndex: 400 }}
            data-autofocus
          />
        )}
        <DialogActions
          cancelLabel={t("cancel")}
          onCancel={onClose}
          confirmLabel={t("add_to_catalogue")}
          onConfirm={() => void add()}
          busy={busy}
          disabled={!chosen}
        />
      </Stack>
    </Modal>
  );
}
