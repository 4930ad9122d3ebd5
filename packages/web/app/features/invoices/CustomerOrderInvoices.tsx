import { Stack, Title } from "@mantine/core";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import type { InvoiceView } from "@tianguis/domain/schemas/invoice";
import { useEffect, useState } from "react";
import { api, urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { InvoiceCard } from "./InvoiceCard";

/** The customer's purchase page: each order's invoice and credit notes with their XML and PDF, once the shop stamped them. */
export function CustomerOrderInvoices({ checkoutId, orderId, token }: { checkoutId: string; orderId: string; token: string | null }) {
  const t = useT();
  const [invoices, setInvoices] = useState<InvoiceView[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    api(invoicesApi.purchaseInvoices, { params: { id: checkoutId }, query: token ? { token } : {}, signal: controller.signal })
      .then((answer) => setInvoices(answer.results.filter((one) => one.order_id === orderId)))
      .catch(() => setInvoices([]));
    return () => controller.abort();
  }, [checkoutId, orderId, token]);
  if (invoices.length === 0) return null;
  const query = token ? { token } : {};
  return (
    <Stack gap="xs" component="section" aria-label={t("invoice_customer_section")}>
      <Title order={3} size="h5">
        {t("invoice_customer_section")}
      </Title>
      {invoices.map((invoice) => (
        <InvoiceCard
          key={invoice.id}
          invoice={invoice}
          files={{
            xml: urlOf(invoicesApi.xml, { params: { id: invoice.id }, query }),
            pdf: urlOf(invoicesApi.pdf, { params: { id: invoice.id }, query }),
          }}
        />
      ))}
    </Stack>
  );
}
