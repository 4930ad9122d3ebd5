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

/** One invoice or credit note: number, state, receiver, order, totals, fiscal folio and its files. */
export function InvoiceCard({ invoice, files, children }: { invoice: InvoiceView; files: InvoiceFiles; children?: ReactNode }) {
  const t = useT();
  const locale = useLocale();
  const headingId = `invoice-${invoice.id}`;
  const date = new Date(invoice.stamped_at).toLocaleDateString(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium" });
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs">
            <Text fw={700} id={headingId}>
              {t(invoice.kind === "E" ? "invoice_kind_E" : "invoice_kind_I")} {invoice.number}
            </Text>
            <Badge color={invoice.state === "valid" ? "teal" : "red"} variant="light">
              {t(invoice.state === "valid" ? "invoice_state_valid" : "invoice_state_cancelled")}
            </Badge>
          </Group>
          <Text fw={700}>{formatMoney({ amount: invoice.total, currency: invoice.currency }, locale)}</Text>
        </Group>
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
