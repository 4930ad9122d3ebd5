import { Alert, Badge, Button, Container, Group, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconMessage } from "@tabler/icons-react";
import type { MessageCode } from "@tianguis/domain/messages/index";
import type { SmsEntryKind } from "@tianguis/domain/rules/sms";
import { SMS_PAGE_SIZE, type SmsEntryView, type SmsPackageView } from "@tianguis/domain/schemas/sms";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";
import { useCommissionFormat } from "../commissions/format";
import { SmsPayment } from "./SmsPayment";
import type { SmsActionResult, loadSmsPackages } from "./sms.server";

type PageData = Awaited<ReturnType<typeof loadSmsPackages>>;
type Account = NonNullable<PageData["account"]>;

const kindLabel: Record<SmsEntryKind, MessageCode> = { purchase: "sms_kind_purchase", send: "sms_kind_send" };

/**
 * /me/sms/packages: the shop's SMS balance (with the run-out notice at zero), the packages to buy, the payment of the
 * one being bought, and the use history (packages bought, SMS sent).
 */
export function SmsPackagesPage({ packages, account, entries, total, page, purchase, result }: PageData & { result?: SmsActionResult }) {
  const t = useT();
  if (!account) {
    return (
      <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
        <PageHeader size="responsive" title={t("sms_title")} />
        <EmptyState icon={<IconMessage size={28} />} title={t("sms_title")} text={t("sms_no_shop")} />
      </Container>
    );
  }
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader size="responsive" title={t("sms_title")} description={t("sms_intro", { shop: account.shop_name })} />
        <Balance account={account} />
        {purchase ? (
          <SmsPayment purchase={purchase} shopName={account.shop_name} />
        ) : (
          <PackageList packages={packages} account={account} result={result} />
        )}
        <History entries={entries} total={total} page={page} />
      </Stack>
    </Container>
  );
}

function Balance({ account }: { account: Account }) {
  const t = useT();
  return (
    <Stack gap="sm">
      {account.balance === 0 && (
        <Alert color="orange" role="status" title={t("sms_balance")}>
          {t("sms_runout_notice")}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <Paper withBorder radius="md" p="md" style={{ gridColumn: "span 2" }}>
          <Text c="dimmed" size="sm">
            {t("sms_balance")}
          </Text>
          <Text fz={32} fw={700} data-testid="sms-balance">
            {t("sms_balance_value", { count: account.balance })}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" size="sm">
            {t("sms_sent_total")}
          </Text>
          <Text fz="xl" fw={600} data-testid="sms-sent">
            {account.sent_total}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <Text c="dimmed" size="sm">
            {t("sms_purchased_total")}
          </Text>
          <Text fz="xl" fw={600}>
            {account.purchased_total}
          </Text>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}

function PackageList({ packages, account, result }: { packages: SmsPackageView[]; account: Account; result?: SmsActionResult }) {
  const t = useT();
  const format = useCommissionFormat();
  const navigation = useNavigation();
  const busyId = navigation.state !== "idle" ? navigation.formData?.get("package_id") : null;
  return (
    <Stack gap="sm">
      {!account.can_buy && <Text c="dimmed">{t("sms_read_only")}</Text>}
      {result && !result.ok && (
        <Alert color="red" role="alert">
          {result.error}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {packages.map((pkg) => (
          <Paper key={pkg.id} withBorder radius="md" p="md" component="section" aria-label={pkg.name}>
            <Stack gap="xs" h="100%" justify="space-between">
              <Stack gap={4}>
                <Group justify="space-between" wrap="nowrap">
                  <Group gap="xs" wrap="nowrap">
                    <IconMessage size={20} aria-hidden />
                    <Title order={2} size="h4">
                      {pkg.name}
                    </Title>
                  </Group>
                  {pkg.savings_percent > 0 && (
                    <Badge color="teal.9" variant="filled">
                      {t("sms_savings", { percent: pkg.savings_percent })}
                    </Badge>
                  )}
                </Group>
                <Text fz="xl" fw={700}>
                  {format.money(pkg.price, pkg.currency)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("sms_unit_price", { price: format.money(pkg.unit_price, pkg.currency) })}
                </Text>
              </Stack>
              {account.can_buy && (
                <Form method="post">
                  <input type="hidden" name="shop" value={account.shop_slug} />
                  <input type="hidden" name="package_id" value={pkg.id} />
                  <Button type="submit" fullWidth loading={busyId === pkg.id} aria-label={t("sms_buy_named", { name: pkg.name })}>
                    {t("sms_buy")}
                  </Button>
                </Form>
              )}
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function History({ entries, total, page }: { entries: SmsEntryView[]; total: number; page: number }) {
  const t = useT();
  const format = useCommissionFormat();
  const location = useLocation();
  const pageHref = (to: number) => {
    const search = new URLSearchParams(location.search);
    search.delete("token");
    search.set("pagina", String(to));
    return `${location.pathname}?${search}`;
  };
  return (
    <Stack gap="sm" component="section" aria-labelledby="sms-history">
      <Title order={2} size="h3" id="sms-history">
        {t("sms_history")}
      </Title>
      {entries.length === 0 ? (
        <Text c="dimmed">{t("sms_history_empty")}</Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="sms-history">
          {entries.map((entry) => (
            <Group
              key={entry.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              py="xs"
              style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
            >
              <Stack gap={0} miw={0}>
                <Text fw={500}>{t(kindLabel[entry.kind])}</Text>
                <Text size="sm" c="dimmed">
                  {format.date(entry.created_at)}
                  {entry.recipient ? ` · ${t("sms_to", { recipient: entry.recipient })}` : ""}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end">
                <Text fw={700} c={entry.amount > 0 ? "teal.9" : undefined}>
                  {entry.amount > 0 ? `+${entry.amount}` : entry.amount}
                </Text>
                <Text size="sm" c="dimmed">
                  {t("sms_col_balance")}: {entry.balance_after}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {total > SMS_PAGE_SIZE && (
        <Group justify="space-between">
          {page > 1 ? (
            <Button component={Link} to={pageHref(page - 1)} variant="subtle">
              {t("pagination_previous")}
            </Button>
          ) : (
            <span />
          )}
          {page * SMS_PAGE_SIZE < total && (
            <Button component={Link} to={pageHref(page + 1)} variant="subtle">
              {t("pagination_next")}
            </Button>
          )}
        </Group>
      )}
    </Stack>
  );
}
