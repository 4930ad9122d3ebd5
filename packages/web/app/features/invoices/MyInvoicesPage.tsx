import { Container, Stack } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import { INVOICES_PAGE_SIZE } from "@tianguis/domain/schemas/invoice";
import { urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";
import { ListingPagination } from "../catalog/ListingPagination";
import { InvoiceCard } from "./InvoiceCard";
import { InvoiceFilter } from "./InvoiceFilter";
import type { loadMyInvoices } from "./invoices.server";

/** /facturas: the customer's invoices and credit notes as receiver, filtered by invoice-number prefix. */
export function MyInvoicesPage({ invoices, total, page, number }: Awaited<ReturnType<typeof loadMyInvoices>>) {
  const t = useT();
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack>
        <PageHeader title={t("my_invoices_title")} size="responsive" />
        <InvoiceFilter number={number} />
        {invoices.length === 0 ? (
          <EmptyState
            icon={<IconFileInvoice size={28} />}
            title={t(number ? "invoices_filter_empty" : "invoices_empty")}
            text={t("purchase_invoicing_text")}
          />
        ) : (
          invoices.map((invoice) => (
            <InvoiceCard
              key={invoice.id}
              invoice={invoice}
              files={{
                xml: urlOf(invoicesApi.xml, { params: { id: invoice.id } }),
                pdf: urlOf(invoicesApi.pdf, { params: { id: invoice.id } }),
              }}
            />
          ))
        )}
        <ListingPagination page={page} total={total} pageSize={INVOICES_PAGE_SIZE} />
      </Stack>
    </Container>
  );
}
