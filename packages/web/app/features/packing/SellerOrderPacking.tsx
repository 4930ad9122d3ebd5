import { Badge, Button, Group, NativeSelect, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPackage, IconPackageExport } from "@tabler/icons-react";
import type { PackingState } from "@tianguis/domain/rules/packing";
import { packingApi } from "@tianguis/domain/routes/packing";
import type { BinView, NotPackedLineView } from "@tianguis/domain/schemas/packing";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { usePacking } from "./usePacking";

const stateColour: Record<PackingState, string> = { not_packed: "gray", partially_packed: "yellow", packed: "green" };

/**
 * The order page's 'Empaque' (spec §7 'Supplier' binpacked / notpacked): the packing state, the lines with units in no
 * box (each packed into a new box or one of the order's boxes) and the boxes with what they hold. Orders without
 * physical products show nothing; roles that may only look see no buttons, nor does anyone once the order has left.
 */
export function SellerOrderPacking({ orderId, slug }: { orderId: string; slug: string }) {
  const t = useT();
  const { view, reload } = usePacking(slug, orderId);
  if (view === null) return null;
  if (view && view.notPacked.matches_estimated === 0 && view.bins.matches_estimated === 0) return null;
  const titleId = `packing-${orderId}`;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={titleId}>
            {t("packing_title")}
          </Title>
          {view && (
            <Badge color={stateColour[view.bins.packing_state]} variant="light" size="lg">
              {t(`packing_state_${view.bins.packing_state}`)}
            </Badge>
          )}
        </Group>
        {!view ? (
          <Skeleton height={80} radius="md" />
        ) : (
          <>
            <Title order={3} size="h5">
              {t("packing_not_packed_title")}
            </Title>
            {view.notPacked.results.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("packing_all_packed")}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0}>
                {view.notPacked.results.map((line) => (
                  <NotPackedLine
                    key={line.order_item_id}
                    line={line}
                    bins={view.bins.results}
                    canPack={view.notPacked.can_pack}
                    {...{ slug, orderId, reload }}
                  />
                ))}
              </Stack>
            )}
            <Title order={3} size="h5">
              {t("packing_bins_title")}
            </Title>
            {view.bins.results.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t("packing_no_bins")}
              </Text>
            ) : (
              <Stack gap="xs" component="ul" p={0} m={0}>
                {view.bins.results.map((bin) => (
                  <Bin key={bin.id} bin={bin} canPack={view.bins.can_pack} {...{ slug, orderId, reload }} />
                ))}
              </Stack>
            )}
          </>
        )}
      </Stack>
    </Paper>
  );
}

interface Target {
  slug: string;
  orderId: string;
  reload: () => void;
}

/** A line with units in no box: 'Empacar' puts all of them into the chosen box ('Caja nueva' by default). */
function NotPackedLine({
  line,
  bins,
  canPack,
  slug,
  orderId,
  reload,
}: Target & { line: NotPackedLineView; bins: BinView[]; canPack: boolean }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [binId, setBinId] = useState("");
  const pack = () =>
    run(
      () =>
        api(packingApi.pack, {
          params: { slug, id: orderId, itemId: line.order_item_id },
          body: { quantity: line.remaining, ...(binId ? { bin_id: binId } : {}) },
        }),
      // The page reads the order again: the last unit packed adds 'Empacado en N cajas' to its timeline.
      { success: "packing_packed", onSuccess: reload },
    );
  return (
    <Group component="li" justify="space-between" align="flex-end" gap="xs" style={{ listStyle: "none" }}>
      <Stack gap={0} style={{ flex: "1 1 160px", minWidth: 0 }}>
        <Text fw={600} lineClamp={2}>
          {line.name}
        </Text>
        <Text size="sm" c="dimmed">
          {t("packing_remaining", { remaining: line.remaining, ordered: line.ordered })}
        </Text>
      </Stack>
      {canPack && (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <NativeSelect
            size="sm"
            label={t("packing_destination")}
            aria-label={`${t("packing_destination")}: ${line.name}`}
            value={binId}
            onChange={(event) => setBinId(event.currentTarget.value)}
            data={[
              { value: "", label: t("packing_new_bin") },
              ...bins.map((bin) => ({ value: bin.id, label: t("packing_bin", { number: bin.number }) })),
            ]}
          />
          <Button
            size="sm"
            leftSection={<IconPackage size={16} aria-hidden />}
            loading={busy}
            onClick={() => void pack()}
            aria-label={`${t("packing_pack")}: ${line.name}`}
          >
            {t("packing_pack")}
          </Button>
        </Group>
      )}
    </Group>
  );
}

/** A box and what it holds; 'Sacar de la caja' takes a line out (an emptied box goes away). */
function Bin({ bin, canPack, slug, orderId, reload }: Target & { bin: BinView; canPack: boolean }) {
  const t = useT();
  const { run, busy } = useMutation();
  const unpack = (itemId: string) =>
    run(() => api(packingApi.setBinItem, { params: { slug, id: orderId, binId: bin.id, itemId }, body: { quantity: 0 } }), {
      success: "packing_unpacked",
      revalidate: false,
      onSuccess: reload,
    });
  const name = t("packing_bin", { number: bin.number });
  return (
    <Paper component="li" withBorder radius="sm" p="xs" style={{ listStyle: "none" }} aria-label={name}>
      <Text fw={600}>{name}</Text>
      {bin.items.map((item) => (
        <Group key={item.order_item_id} justify="space-between" gap="xs">
          <Text size="sm">
            {item.quantity} × {item.name}
          </Text>
          {canPack && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconPackageExport size={14} aria-hidden />}
              loading={busy}
              onClick={() => void unpack(item.order_item_id)}
              aria-label={`${t("packing_unpack")}: ${item.name} (${name})`}
            >
              {t("packing_unpack")}
            </Button>
          )}
        </Group>
      ))}
    </Paper>
  );
}
