import { Button, Container, Grid, SegmentedControl, Stack } from "@mantine/core";
import { IconFileInvoice } from "@tabler/icons-react";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import { INVOICES_PAGE_SIZE, type InvoiceView } from "@tianguis/domain/schemas/invoice";
import { useState } from "react";
import { useNavigate } from "react-router";
import { urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { PageHeader } from "../../ui/PageHeader";
import { ListingPagination } from "../catalog/ListingPagination";
import { CancelInvoiceModal } from "./CancelInvoiceModal";
import { FiscalProfileForm } from "./FiscalProfileForm";
import { GlobalInvoiceForm } from "./GlobalInvoiceForm";
import { InvoiceCard } from "./InvoiceCard";
import { InvoiceFilter } from "./InvoiceFilter";
import type { loadShopInvoices } from "./invoices.server";

type PageData = Awaited<ReturnType<typeof loadShopInvoices>>;

/** {shop}/admin/facturas: the shop's invoices (filter by number prefix and state), its fiscal data and the global invoice. */
export function SellerInvoicesPage({ invoices, total, page, number, state, profile, shop }: PageData) {
  const t = useT();
  const navigate = useNavigate();
  const [cancelling, setCancelling] = useState<InvoiceView | null>(null);
  const files = (id: string) => ({
    xml: urlOf(invoicesApi.shopXml, { params: { slug: shop.slug, id } }),
    pdf: urlOf(invoicesApi.shopPdf, { params: { slug: shop.slug, id } }),
  });
  const filtered = Boolean(number || state);
  return (
    <Container size="xl" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack>
        <PageHeader title={t("invoices_title")} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="sm">
              <InvoiceFilter number={number} state={state} />
              <SegmentedControl
                aria-label={t("invoices_title")}
                value={state ?? "todas"}
                onChange={(value) => navigate(`?${new URLSearchParams({ ...(number ? { numero: number } : {}), estado: value })}`)}
                data={[
                  { value: "todas", label: t("invoices_state_all") },
                  { value: "valid", label: t("invoice_state_valid") },
                  { value: "cancelled", label: t("invoice_state_cancelled") },
                ]}
              />
              {invoices.length === 0 ? (
                <EmptyState
                  icon={<IconFileInvoice size={28} />}
                  title={t(filtered ? "invoices_filter_empty" : "invoices_empty")}
                  text={t(profile ? "invoice_none_yet" : "invoice_profile_missing")}
                />
              ) : (
                invoices.map((invoice) => (
                  <InvoiceCard key={invoice.id} invoice={invoice} files={files(invoice.id)}>
                    {invoice.state === "valid" && (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setCancelling(invoice)}>
                        {t("invoice_cancel")}
                      </Button>
                    )}
                  </InvoiceCard>
                ))
              )}
              <ListingPagination page={page} total={total} pageSize={INVOICES_PAGE_SIZE} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack>
              <FiscalProfileForm slug={shop.slug} profile={profile} />
              {profile && <GlobalInvoiceForm slug={shop.slug} />}
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      {cancelling && <CancelInvoiceModal invoice={cancelling} slug={shop.slug} onClose={() => setCancelling(null)} />}
    </Container>
  );
}
