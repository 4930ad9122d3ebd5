import type { ProductView } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { intentToOpen, lazyPart, useOpenedOnce } from "../../lib/lazy-part";
import { useT } from "../../lib/i18n";
import { PlainButton } from "../../ui/PlainButton";

const AddToCatalogueModal = lazyPart(() => import("./AddToCatalogueModal").then((module) => module.AddToCatalogueModal));

/** 'Agregar al catálogo' under a product card, for the shop's admin (owner or reseller): the dialog downloads on first use. */
export function AddToCatalogueButton({ shopSlug, product }: { shopSlug: string; product: Pick<ProductView, "id" | "name"> }) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  const mounted = useOpenedOnce(opened);
  return (
    <>
      <PlainButton
        variant="subtle"
        aria-label={`${t("add_to_catalogue")}: ${product.name}`}
        onClick={() => setOpened(true)}
        {...intentToOpen(AddToCatalogueModal)}
        style={{ width: "100%" }}
      >
        {t("add_to_catalogue")}
      </PlainButton>
      {mounted && <AddToCatalogueModal shopSlug={shopSlug} product={product} opened={opened} onClose={() => setOpened(false)} />}
    </>
  );
}
