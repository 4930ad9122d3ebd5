import { Select } from "@mantine/core";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useState } from "react";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";

/** Searchable choice among the items the shop shows (own and resold), for banner, slide and header actions. */
export function ProductPicker({
  shopSlug,
  value,
  onChange,
  error,
}: {
  shopSlug: string;
  value: string;
  onChange: (product: ProductView | null) => void;
  error?: string | null;
}) {
  const t = useT();
  const [items, setItems] = useState<ProductView[] | null>(null);
  useEffect(() => {
    api(catalogApi.listProducts, { params: { slug: shopSlug }, query: { limit: 100 } })
      .then((page) => setItems(page.results))
      .catch(() => setItems([]));
  }, [shopSlug]);
  return (
    <Select
      label={t("product_id")}
      searchable
      required
      value={value || null}
      disabled={items === null}
      placeholder={items === null ? t("loading") : undefined}
      nothingFoundMessage={t("empty_table")}
      data={(items ?? []).map((item) => ({ value: item.id, label: item.name }))}
      onChange={(id) => onChange(items?.find((item) => item.id === id) ?? null)}
      error={error}
    />
  );
}
