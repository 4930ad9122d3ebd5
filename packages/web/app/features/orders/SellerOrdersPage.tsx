import { Button, Center, Container, Pagination, Skeleton, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconDownload, IconFilterOff, IconReceipt } from "@tabler/icons-react";
import { ORDERS_PAGE_SIZE } from "@tianguis/domain/schemas/order";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";
import { SellerOrderFilters } from "./SellerOrderFilters";
import { SellerOrdersList } from "./SellerOrdersList";
import type { loadSellerOrders } from "./seller-orders.server";
import { PageHeader } from "../../ui/PageHeader";

type PageData = Awaited<ReturnType<typeof loadSellerOrders>>;

/** /admin/ordenes: the supplier shop's orders, last updated first, filtered from the URL, 10 per page (spec §9). */
export function SellerOrdersPage({ orders, total, page, filters, filtered, empty, exportHref, basePath }: PageData) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const pages = Math.max(1, Math.ceil(total / ORDERS_PAGE_SIZE));
  const goTo = (next: number) => {
    const query = new URLSearchParams(search);
    query.set("page", String(next));
    setSearch(query);
  };
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={t("my_orders")}
          actions={
            <Button component="a" href={exportHref} download variant="default" leftSection={<IconDownload size={16} />}>
              {t("orders_export_csv")}
            </Button>
          }
        />
        <SellerOrderFilters filters={filters} filtered={filtered} />
        {total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {total === 1 ? t("orders_count_one") : t("orders_count", { count: total })}
          </Text>
        )}
        <ListOrSkeleton>{empty ? <EmptyOrders reason={empty} /> : <SellerOrdersList orders={orders} basePath={basePath} />}</ListOrSkeleton>
        {pages > 1 && (
          <Center component="nav" aria-label={t("pagination_label")}>
            <Pagination total={pages} value={page} onChange={goTo} siblings={1} />
          </Center>
        )}
      </Stack>
    </Container>
  );
}

/** While a filter or page change loads, rows of skeleton stand in for the list that is about to change. */
function ListOrSkeleton({ children }: { children: React.ReactNode }) {
  const t = useT();
  const navigation = useNavigation();
  const location = useLocation();
  const reloading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  if (!reloading) return <>{children}</>;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("loading")}>
      {Array.from({ length: 5 }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton key={index} height={52} radius="md" />
      ))}
    </Stack>
  );
}

function EmptyOrders({ reason }: { reason: "no_orders" | "no_matches" }) {
  const t = useT();
  const Icon = reason === "no_orders" ? IconReceipt : IconFilterOff;
  return (
    <Center py={60}>
      <Stack align="center" gap="xs">
        <ThemeIcon size={64} radius="xl" variant="light">
          <Icon size={36} />
        </ThemeIcon>
        <Text fw={600}>{reason === "no_orders" ? t("no_seller_orders") : t("orders_no_matches")}</Text>
      </Stack>
    </Center>
  );
}
