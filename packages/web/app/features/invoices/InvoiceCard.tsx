import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileCode, IconFileTypePdf } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { InvoiceView } from "@tianguis/domain/schemas/invoice";
import type { ReactNode } from "react";
import { useLocale, useT } from "../../lib/i18n";

/** Where an invoice's XML and PDF are downloaded: the shop's desk, or the receiver (signed in or with the purchase token). */
export interface InvoiceFiles {
  xml: string;
  pdf: string;
}

const kindLabel = { I: "invoice_kind_I", E: "invoice_kind_E", P: "invoice_kind_P" } as const;

/**
 * One CFDI (invoice, credit note or payment complement): number, state, receiver, order, totals, fiscal folio and its
 * files; a PPD invoice says so, a complement its partiality, an invoice in another currency its exchange rate.
 */
export function InvoiceCard({ invoice, files, children }: { invoice: InvoiceView; files: InvoiceFiles; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const headingId = `invoice-${invoice.id}`;
  const date = new Date(invoice.stamped_at).toLocaleDateString(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium" });
  const money = (amount: number) => formatMoney({ amount, currency: invoice.currency }, locale);
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={700} id={headingId}>
              {t(kindLabel[invoice.kind])} {invoice.number}
            </Text>
            {invoice.payment_method === "PPD" && (
              <Badge color="grape" variant="light" title={t("invoice_method_ppd")}>
                PPD
              </Badge>
            )}
            <Badge color={invoice.state === "valid" ? "teal" : "red"} variant="light">
              {t(invoice.state === "valid" ? "invoice_state_valid" : "invoice_state_cancelled")}
            </Badge>
          </Group>
          <Text fw={700}>{money(invoice.total)}</Text>
        </Group>
        {invoice.payment && (
          <Text size="sm">
            {t("invoice_partiality", {
              number: invoice.payment.partiality,
              previous: money(invoice.payment.previous_balance),
              paid: money(invoice.payment.paid),
              remaining: money(invoice.payment.remaining),
            })}
          </Text>
        )}
        {invoice.exchange_rate && <Text size="sm">{t("invoice_exchange_rate", { rate: invoice.exchange_rate })}</Text>}
        <Text size="sm">
          {invoice.receiver_name} · {invoice.receiver_rfc} · CFDI {invoice.cfdi_use}
          {invoice.order_number !== null ? ` · ${t("invoice_order_label", { number: invoice.order_number })}` : ""}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("invoice_stamped_at", { date })} · {t("invoice_uuid")}: {invoice.uuid}
          {invoice.related_uuid ? ` · ${t("invoice_related", { uuid: invoice.related_uuid })}` : ""}
          {invoice.replaced_by ? ` · ${t("invoice_replaced_by", { number: invoice.replaced_by })}` : ""}
        </Text>
        <Group gap="md" wrap="wrap">
          <Anchor href={files.xml} download size="sm" aria-label={`${t("invoice_download_xml")} ${invoice.number}`}>
            <Group gap={4} component="span">
              <IconFileCode size={16} aria-hidden />
              {t("invoice_download_xml")}
            </Group>
          </Anchor>
          <Anchor href={files.pdf} download size="sm" aria-label={`${t("invoice_download_pdf")} ${invoice.number}`}>
            <Group gap={4} component="span">
              <IconFileTypePdf size={16} aria-hidden />
              {t("invoice_download_pdf")}
            </Group>
          </Anchor>
          {children}
        </Group>
      </Stack>
    </Paper>
  );
}
