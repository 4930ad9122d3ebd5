import { Button, Card, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { useT } from "../../lib/i18n";
import { lazyPart, useOpenedOnce } from "../../lib/lazy-part";
import type { PickerShop } from "./PickerModal";

// The picker downloads on its first opening, not with every listing its admin card shows on (issue 16); once opened it
// stays mounted, so it closes with its transition.
const PickerModal = lazyPart(() => import("./PickerModal").then((module) => module.PickerModal));

/** The page behind reloads when the picker closed after a change, so new items show at once. */
function usePicker() {
  const [opened, setOpened] = useState(false);
  const loaded = useOpenedOnce(opened);
  const revalidator = useRevalidator();
  return {
    opened,
    loaded,
    open: () => setOpened(true),
    close: (changed: boolean) => {
      setOpened(false);
      if (changed) void revalidator.revalidate();
    },
  };
}

/** A reseller store's first listing card for its admin (PickerLauncher.tsx): instead of creating an item, add suppliers' items. */
export function PickerCardButton({ shop, type }: { shop: PickerShop; type: ProductType }) {
  const t = useT();
  const picker = usePicker();
  return (
    <>
      <Card
        component="button"
        type="button"
        onClick={picker.open}
        withBorder
        radius="md"
        padding="md"
        h="100%"
        mih={220}
        w="100%"
        style={{ borderStyle: "dashed", borderWidth: 2, cursor: "pointer", font: "inherit", color: "inherit" }}
        aria-haspopup="dialog"
      >
        <Stack align="center" justify="center" gap="sm" h="100%" mih={200}>
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
            <IconBuildingStore size={30} />
          </ThemeIcon>
          <Text fw={600} ta="center">
            {t("picker_open")}
          </Text>
          <Text size="sm" c="dimmed" ta="center">
            {t("picker_open_hint")}
          </Text>
        </Stack>
      </Card>
      {picker.loaded && <PickerModal shop={shop} type={type} opened={picker.opened} onClose={picker.close} />}
    </>
  );
}

/** The catalogue page's button (PickerLauncher.tsx): the picker adds to the store and to this catalogue. */
export function PickerCatalogueButton({ shop, catalogueId }: { shop: PickerShop; catalogueId?: string }) {
  const t = useT();
  const picker = usePicker();
  return (
    <>
      <Button variant="light" leftSection={<IconBuildingStore size={16} />} onClick={picker.open} aria-haspopup="dialog">
        {t("picker_open")}
      </Button>
      {picker.loaded && <PickerModal shop={shop} type="product" opened={picker.opened} onClose={picker.close} catalogueId={catalogueId} />}
    </>
  );
}
