import { Button, Container, Group, Modal, Paper, Stack, Table, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconCashRegister, IconCheck } from "@tabler/icons-react";
import { commissionsApi } from "@tianguis/domain/routes/commissions";
import type { OwedToBeneficiary } from "@tianguis/domain/schemas/commission";
import { useRevalidator } from "react-router";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import type { loadOwedCommissions } from "./commissions.server";
import { useCommissionFormat } from "./format";
import { DialogActions } from "../../ui/DialogActions";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";

type PageData = Awaited<ReturnType<typeof loadOwedCommissions>>;

/**
 * /admin/comisiones: what the supplier shop owes each reseller or promoter — available (delivered and past the return
 * window), pending and already paid — and 'Marcar pagado' once it has paid them.
 */
export function OwedCommissionsPage({ owed, shop }: PageData) {
  const t = useT();
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={t("owed_title")} description={t("owed_intro")} />
        {owed.length === 0 ? (
          <EmptyState icon={<IconCashRegister size={30} />} title={t("owed_empty_title")} text={t("owed_empty_text")} />
        ) : (
          <OwedList owed={owed} slug={shop.slug} />
        )}
      </Stack>
    </Container>
  );
}

function who(row: OwedToBeneficiary, promoter: string) {
  return row.stores.length > 0 ? row.stores.join(", ") : promoter;
}

function OwedList({ owed, slug }: { owed: OwedToBeneficiary[]; slug: string }) {
  const t = useT();
  const format = useCommissionFormat();
  const key = (row: OwedToBeneficiary) => `${row.beneficiary_id}-${row.currency}`;
  return (
    <>
      <Table.ScrollContainer minWidth={680} visibleFrom="sm">
        <Table verticalSpacing="sm" data-testid="owed-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("owed_col_beneficiary")}</Table.Th>
              <Table.Th ta="right">{t("owed_col_available")}</Table.Th>
              <Table.Th ta="right">{t("owed_col_pending")}</Table.Th>
              <Table.Th ta="right">{t("owed_col_paid")}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {owed.map((row) => (
              <Table.Tr key={key(row)}>
                <Table.Td>
                  <Text size="sm" fw={600}>
                    {row.beneficiary_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {who(row, t("owed_promoter"))}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {format.money(row.available, row.currency)}
                </Table.Td>
                <Table.Td ta="right">{format.money(row.pending, row.currency)}</Table.Td>
                <Table.Td ta="right" c="dimmed">
                  {format.money(row.paid, row.currency)}
                </Table.Td>
                <Table.Td ta="right">
                  <MarkPaid row={row} slug={slug} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" component="ul" p={0} m={0} hiddenFrom="sm">
        {owed.map((row) => (
          <Paper key={key(row)} component="li" withBorder radius="md" p="sm" style={{ listStyle: "none" }}>
            <Stack gap={6}>
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {row.beneficiary_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {who(row, t("owed_promoter"))}
                  </Text>
                </Stack>
                <Stack gap={0} align="flex-end">
                  <Text size="xs" c="dimmed">
                    {t("owed_col_available")}
                  </Text>
                  <Text fw={700}>{format.money(row.available, row.currency)}</Text>
                </Stack>
              </Group>
              <Text size="xs" c="dimmed">
                {t("owed_col_pending")}: {format.money(row.pending, row.currency)} · {t("owed_col_paid")}:{" "}
                {format.money(row.paid, row.currency)}
              </Text>
              <MarkPaid row={row} slug={slug} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}

/** 'Marcar pagado' with a confirmation naming the amount; a total that changed meanwhile is refused and reloaded. */
function MarkPaid({ row, slug }: { row: OwedToBeneficiary; slug: string }) {
  const t = useT();
  const format = useCommissionFormat();
  const [opened, dialog] = useDisclosure(false);
  const revalidator = useRevalidator();
  const { run, busy } = useMutation();
  const amount = format.money(row.available, row.currency);
  const label = t("owed_mark_paid_label", { amount, name: row.beneficiary_name });
  const markPaid = () =>
    run(
      () =>
        api(commissionsApi.markPaid, {
          params: { slug },
          body: { beneficiary_id: row.beneficiary_id, currency: row.currency, expected_amount: row.available },
        }),
      {
        success: "owed_marked_paid",
        onSuccess: dialog.close,
        onError: () => {
          dialog.close();
          revalidator.revalidate();
        },
      },
    );
  if (row.available === 0) return null;
  return (
    <>
      <Button size="xs" variant="light" leftSection={<IconCheck size={14} />} onClick={dialog.open} aria-label={label}>
        {t("owed_mark_paid")}
      </Button>
      <Modal opened={opened} onClose={dialog.close} title={t("owed_mark_paid")} centered>
        <Stack>
          <Text>{label}</Text>
          <DialogActions
            cancelLabel={t("cancel")}
            onCancel={dialog.close}
            confirmLabel={t("owed_mark_paid")}
            onConfirm={() => void markPaid()}
            busy={busy}
          />
        </Stack>
      </Modal>
    </>
  );
}
