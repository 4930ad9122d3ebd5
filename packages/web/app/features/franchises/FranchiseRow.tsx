import { Anchor, Avatar, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { IconBuildingStore } from "@tabler/icons-react";
import type { FranchiseView } from "@tianguis/domain/schemas/franchise";
import { useT } from "../../lib/i18n";
import type { useFranchiseToggle } from "./useFranchiseToggle";

/**
 * One franchise or affinity store (commerce-and-accounts §2 'Franchise modal'): photo, name, canonical URL, and the
 * add or remove-from-my-store button; while a removal waits, 'Se quitará en 5 segundos' with an undo button.
 */
export function FranchiseRow({ store, toggle }: { store: FranchiseView; toggle: ReturnType<typeof useFranchiseToggle> }) {
  const t = useT();
  const inStore = toggle.inStore(store.id, store.in_store);
  const busy = toggle.isBusy(store.id);
  return (
    <Group gap="sm" wrap="nowrap" py="xs" align="center" data-testid="franchise-row">
      <Avatar src={store.photo} alt="" size={48} radius="md">
        <IconBuildingStore size={22} aria-hidden />
      </Avatar>
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap={6} wrap="wrap">
          <Text fw={600} size="sm" lineClamp={1}>
            {store.name}
          </Text>
          {!store.is_public && (
            <Badge size="xs" color="gray" variant="light">
              {t("franchise_not_public")}
            </Badge>
          )}
        </Group>
        <Anchor href={store.canonical_url} target="_blank" rel="noopener" size="xs" truncate="end" c="dimmed">
          {store.canonical_url}
        </Anchor>
      </Stack>
      {toggle.isPending(store.id) ? (
        <Group gap={6} wrap="nowrap">
          <Text size="xs" c="red" fw={500} visibleFrom="xs">
            {t("franchise_removing")}
          </Text>
          <Button
            size="xs"
            variant="outline"
            onClick={() => toggle.undo(store.id)}
            aria-label={t("franchise_undo_named", { name: store.name })}
          >
            {t("undo")}
          </Button>
        </Group>
      ) : inStore ? (
        <Button
          size="xs"
          variant="light"
          color="red"
          loading={busy}
          onClick={() => toggle.remove(store.id)}
          aria-label={t("franchise_remove_named", { name: store.name })}
        >
          <Label short={t("franchise_remove_short")} long={t("franchise_remove")} />
        </Button>
      ) : (
        <Button
          size="xs"
          loading={busy}
          onClick={() => void toggle.add(store.id)}
          aria-label={t("franchise_add_named", { name: store.name })}
        >
          <Label short={t("franchise_add_short")} long={t("franchise_add")} />
        </Button>
      )}
    </Group>
  );
}

/** A button's text: one word on phones, so the store's name keeps its room. */
function Label({ short, long }: { short: string; long: string }) {
  return (
    <>
      <Text span inherit hiddenFrom="sm">
        {short}
      </Text>
      <Text span inherit visibleFrom="sm">
        {long}
      </Text>
    </>
  );
}
