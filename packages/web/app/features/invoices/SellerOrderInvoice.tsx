import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import type { InvoiceView } from "@tianguis/domain/schemas/invoice";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { api, urlOf } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { CancelInvoiceModal } from "./CancelInvoiceModal";
import { InvoiceCard } from "./InvoiceCard";

type OrderInvoice = {
  invoice: InvoiceView | null;
  credit_notes: InvoiceView[];
  payment_complements: InvoiceView[];
  can_invoice: boolean;
  awaiting_payment: boolean;
};

/**
 * The seller's order page: the order's CFDI, its payment complements (a PPD invoice's, with the balance left) and credit
 * notes, 'Facturar' in one click when the customer asked for an invoice and the shop's fiscal data is saved (PPD while
 * an offline payment is awaited), and 'Cancelar factura'. Owner, admins and accountants only (the server
 * answers the others 403, and the block stays away).
 */
export function SellerOrderInvoice({ orderId, slug, basePath }: { orderId: string; slug: string; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const [view, setView] = useState<OrderInvoice | null>(null);
  const [hidden, setHidden] = useState(false);
  const [version, setVersion] = useState(0);
  const [cancelling, setCancelling] = useState<InvoiceView | null>(null);
  const { run, busy } = useMutation();
  useEffect(() => {
    const controller = new AbortController();
    api(invoicesApi.orderInvoice, { params: { slug, orderId }, signal: controller.signal })
      .then(setView)
      .catch(() => {
        if (!controller.signal.aborted) setHidden(true);
      });
    return () => controller.abort();
  }, [slug, orderId, version]);
  const reload = useCallback(() => setVersion((value) => value + 1), []);
  if (hidden) return null;
  const files = (id: string) => ({
    xml: urlOf(invoicesApi.shopXml, { params: { slug, id } }),
    pdf: urlOf(invoicesApi.shopPdf, { params: { slug, id } }),
  });
  const issue = () => run(() => api(invoicesApi.issue, { params: { slug, orderId } }), { onSuccess: reload, revalidate: false });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`order-invoice-${orderId}`}>
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id={`order-invoice-${orderId}`}>
            {t("invoice_order_section")}
          </Title>
          {view?.can_invoice && (
            <Button leftSection={<IconFileInvoice size={16} aria-hidden />} loading={busy} onClick={() => void issue()}>
              {t("invoice_issue")}
            </Button>
          )}
        </Group>
        {view?.can_invoice && view.awaiting_payment && (
          <Text size="sm" c="dimmed">
            {t("invoice_awaiting_payment")}
          </Text>
        )}
        {!view ? (
          <Skeleton height={60} radius="md" />
        ) : (
          <>
            {view.invoice ? (
              <InvoiceCard invoice={view.invoice} files={files(view.invoice.id)}>
                {view.invoice.state === "valid" && (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelling(view.invoice)}>
                    {t("invoice_cancel")}
                  </Button>
                )}
              </InvoiceCard>
            ) : (
              <Text size="sm" c="dimmed">
                {t("invoice_none_yet")} ·{" "}
                <Anchor component={Link} to={shopHref(basePath, "/admin/facturas")} size="sm" underline="always">
                  {t("invoices_title")}
                </Anchor>
              </Text>
            )}
            {view.invoice?.payment_method === "PPD" && (
              <Stack gap="xs" component="section" aria-labelledby={`order-complements-${orderId}`}>
                <Group justify="space-between" gap="xs">
                  <Title order={3} size="h5" id={`order-complements-${orderId}`}>
                    {t("invoice_payment_complements")}
                  </Title>
                  <Text size="sm">
                    {t("invoice_balance", {
                      amount: formatMoney(
                        {
                          amount: view.payment_complements.at(-1)?.payment?.remaining ?? view.invoice.total,
                          currency: view.invoice.currency,
                        },
                        locale,
                      ),
                    })}
                  </Text>
                </Group>
                {view.payment_complements.map((complement) => (
                  <InvoiceCard key={complement.id} invoice={complement} files={files(complement.id)} />
                ))}
              </Stack>
            )}
            {view.credit_notes.map((note) => (
              <InvoiceCard key={note.id} invoice={note} files={files(note.id)} />
            ))}
          </>
        )}
      </Stack>
      {cancelling && (
        <CancelInvoiceModal
          invoice={cancelling}
          slug={slug}
          onClose={() => {
            setCancelling(null);
            reload();
          }}
        />
      )}
    </Paper>
  );
}
