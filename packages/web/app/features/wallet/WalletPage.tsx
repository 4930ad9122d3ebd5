import { Alert, Badge, Button, Container, Group, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { IconBuildingBank, IconCircleCheck, IconWallet } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { type WalletEntryKind, walletEntryKinds } from "@tianguis/domain/rules/wallet";
import { WALLET_PAGE_SIZE, type WalletEntryView } from "@tianguis/domain/schemas/wallet";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";
import { notifySuccess } from "../../ui/notify";
import { useCommissionFormat } from "../commissions/format";
import type { WalletActionResult, loadMyWallet } from "./wallet.server";

type PageData = Awaited<ReturnType<typeof loadMyWallet>> | (Omit<Awaited<ReturnType<typeof loadMyWallet>>, "shop"> & { shop: unknown });

const kindLabel: Record<WalletEntryKind, MessageCode> = {
  commission: "wallet_kind_commission",
  payout: "wallet_kind_payout",
  payout_returned: "wallet_kind_payout_returned",
  reversal: "wallet_kind_reversal",
};
const payoutLabel: Record<string, MessageCode> = {
  requested: "wallet_payout_requested",
  sent: "wallet_payout_sent",
  settled: "wallet_payout_settled",
  failed: "wallet_payout_failed",
};

/**
 * The earnings wallet: balance and money on its way to the bank, the CLABE payouts go to, 'Retirar' above the minimum,
 * and the movements with filters. The same page serves /me/wallet/{id} and the shop view's /admin/monedero/{id}.
 */
export function WalletPage({ wallet, entries, total, view, canWithdraw, requestId, result }: PageData & { result?: WalletActionResult }) {
  const t = useT();
  const format = useCommissionFormat();
  const money = (amount: number) => format.money(amount, wallet.currency);
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={`${t("wallet_title")} · ${wallet.currency}`} description={t("wallet_intro")} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Text c="dimmed" size="sm">
              {t("wallet_balance")}
            </Text>
            <Text fz={32} fw={700} data-testid="wallet-balance">
              {money(wallet.balance)}
            </Text>
            {wallet.in_transit > 0 && (
              <Text size="sm" c="dimmed" data-testid="wallet-in-transit">
                {t("wallet_in_transit")}: {money(wallet.in_transit)}
              </Text>
            )}
          </Paper>
          <PayoutAccountCard wallet={wallet} editable={canWithdraw} result={result} />
        </SimpleGrid>
        {canWithdraw && <WithdrawForm wallet={wallet} requestId={requestId} result={result} />}
        <Movements entries={entries} total={total} view={view} money={money} date={format.date} />
      </Stack>
    </Container>
  );
}

function PayoutAccountCard({ wallet, editable, result }: { wallet: PageData["wallet"]; editable: boolean; result?: WalletActionResult }) {
  const t = useT();
  const busy = useNavigation().state === "submitting";
  const account = wallet.payout_account;
  const [editing, setEditing] = useState(account === null);
  const failed = result?.intent === "account" && !result.ok ? result : null;
  useEffect(() => {
    if (result?.intent === "account" && result.ok) {
      setEditing(false);
      notifySuccess(t("wallet_account_title"), t("wallet_account_saved"));
    }
  }, [result, t]);
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <IconBuildingBank size={20} aria-hidden />
          <Title order={2} size="h5">
            {t("wallet_account_title")}
          </Title>
        </Group>
        {account ? (
          <Group gap="xs" data-testid="payout-account">
            <Text fw={600}>{account.clabe_masked}</Text>
            <Text c="dimmed">{account.holder_name}</Text>
            <Badge color="teal" variant="light" leftSection={<IconCircleCheck size={12} aria-hidden />}>
              {t("wallet_account_verified")}
            </Badge>
          </Group>
        ) : (
          <Text c="dimmed">{t("wallet_account_none")}</Text>
        )}
        {editable && account && !editing && (
          <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => setEditing(true)}>
            {t("wallet_account_change")}
          </Button>
        )}
        {editable && editing && (
          <Form method="post" noValidate aria-label={t("wallet_account_title")}>
            <input type="hidden" name="intent" value="account" />
            <Stack gap="xs">
              <TextInput
                name="clabe"
                label={t("wallet_account_clabe")}
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                required
                error={failed?.fields?.clabe}
              />
              <TextInput
                name="holder_name"
                label={t("wallet_account_holder")}
                autoComplete="name"
                maxLength={120}
                required
                error={failed?.fields?.holder_name}
              />
              {failed && !failed.fields && (
                <Alert color="red" role="alert">
                  {failed.error}
                </Alert>
              )}
              <Button type="submit" loading={busy} w="fit-content">
                {t("wallet_account_save")}
              </Button>
            </Stack>
          </Form>
        )}
      </Stack>
    </Paper>
  );
}

function WithdrawForm({ wallet, requestId, result }: { wallet: PageData["wallet"]; requestId: string; result?: WalletActionResult }) {
  const t = useT();
  const format = useCommissionFormat();
  const busy = useNavigation().state === "submitting";
  const form = useRef<HTMLFormElement>(null);
  const failed = result?.intent === "withdraw" && !result.ok ? result : null;
  const done = result?.intent === "withdraw" && result.ok;
  useEffect(() => {
    if (!done) return;
    notifySuccess(t("wallet_withdraw"), t("wallet_withdraw_done"));
    form.current?.reset();
  }, [done, t]);
  if (wallet.min_payout === null) {
    return (
      <Alert color="gray" variant="light">
        {t("wallet_withdraw_unavailable")}
      </Alert>
    );
  }
  return (
    <Paper withBorder radius="md" p="md">
      <Form method="post" noValidate ref={form} aria-label={t("wallet_withdraw")}>
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="request_id" value={requestId} />
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            name="amount"
            label={t("wallet_withdraw_amount")}
            description={t("wallet_withdraw_hint", { amount: format.money(wallet.min_payout, wallet.currency) })}
            inputMode="decimal"
            leftSection="$"
            required
            w={{ base: "100%", sm: 240 }}
            error={failed?.error}
          />
          <Button type="submit" loading={busy} leftSection={<IconWallet size={18} aria-hidden />} disabled={wallet.payout_account === null}>
            {t("wallet_withdraw")}
          </Button>
        </Group>
        {wallet.payout_account === null && (
          <Text size="sm" c="dimmed" mt="xs">
            {t("wallet_no_payout_account")}
          </Text>
        )}
        {done && (
          <Alert color="green" variant="light" role="status" mt="sm">
            {t("wallet_withdraw_done")}
          </Alert>
        )}
      </Form>
    </Paper>
  );
}

function Movements({
  entries,
  total,
  view,
  money,
  date,
}: {
  entries: WalletEntryView[];
  total: number;
  view: PageData["view"];
  money: (amount: number) => string;
  date: (iso: string) => string;
}) {
  const t = useT();
  const location = useLocation();
  const [kind, setKind] = useState<string | null>(view.kind ?? "");
  const concept = (entry: WalletEntryView) => {
    const label = t(kindLabel[entry.kind]);
    if (entry.payout_state) return `${label} · ${t(payoutLabel[entry.payout_state])}`;
    return entry.reason ? `${label} · ${t(entry.reason as MessageCode)}` : label;
  };
  const next = new URLSearchParams(location.search);
  next.set("pagina", String(view.page + 1));
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {t("wallet_movements")}
      </Title>
      <Form method="get" aria-label={t("wallet_filter_apply")}>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t("wallet_filter_kind")}
            name="tipo"
            value={kind}
            onChange={setKind}
            data={[
              { value: "", label: t("wallet_filter_all") },
              ...walletEntryKinds.map((one) => ({ value: one, label: t(kindLabel[one]) })),
            ]}
            allowDeselect={false}
            w={{ base: "100%", sm: 200 }}
          />
          <TextInput
            type="date"
            name="desde"
            label={t("wallet_filter_from")}
            defaultValue={view.from ?? ""}
            w={{ base: "100%", sm: 170 }}
          />
          <TextInput type="date" name="hasta" label={t("wallet_filter_to")} defaultValue={view.to ?? ""} w={{ base: "100%", sm: 170 }} />
          <Button type="submit" variant="light">
            {t("wallet_filter_apply")}
          </Button>
        </Group>
      </Form>
      {entries.length === 0 ? (
        <EmptyState icon={<IconWallet size={30} />} title={t("wallet_movements")} text={t("wallet_movements_empty")} />
      ) : (
        <Table.ScrollContainer minWidth={320}>
          <Table verticalSpacing="sm" data-testid="wallet-movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("wallet_col_date")}</Table.Th>
                <Table.Th>{t("wallet_col_concept")}</Table.Th>
                <Table.Th ta="right">{t("wallet_col_amount")}</Table.Th>
                <Table.Th ta="right">{t("wallet_col_balance")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{date(entry.created_at)}</Table.Td>
                  <Table.Td>{concept(entry)}</Table.Td>
                  <Table.Td ta="right" fw={600} c={entry.amount < 0 ? "red.9" : "teal.9"}>
                    {entry.amount > 0 ? "+" : "−"}
                    {money(Math.abs(entry.amount))}
                  </Table.Td>
                  <Table.Td ta="right">{money(entry.balance_after)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {view.page * WALLET_PAGE_SIZE < total && (
        <Button component={Link} to={`?${next.toString()}`} variant="subtle" w="fit-content">
          {t("wallet_load_more")}
        </Button>
      )}
    </Stack>
  );
}
