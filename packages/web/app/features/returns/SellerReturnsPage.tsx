import { Anchor, Container, Grid, SegmentedControl, Stack, Text } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link, useNavigate, useRevalidator } from "react-router";
import { useT } from "../../lib/i18n";
import { ListingPagination } from "../catalog/ListingPagination";
import { ReturnActions } from "./ReturnActions";
import { ReturnSummary } from "./ReturnBits";
import { ReturnPolicyForm } from "./ReturnPolicyForm";
import { RETURNS_PAGE_SIZE } from "@tianguis/domain/schemas/return";
import type { loadSellerReturns } from "./seller-returns.server";
import { PageHeader } from "../../ui/PageHeader";

type PageData = Awaited<ReturnType<typeof loadSellerReturns>>;

/** {shop}/admin/devoluciones: the shop's returns to decide on (open first) and its default return policy. */
export function SellerReturnsPage({ returns, total, page, state, policy, shop, basePath }: PageData) {
  const t = useT();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const filter = state ?? "todas";
  return (
    <Container size="xl" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack>
        <PageHeader title={t("returns_title")} />
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <SegmentedControl
                aria-label={t("returns_title")}
                value={filter}
                onChange={(value) => navigate(`?estado=${value}`)}
                data={[
                  { value: "open", label: t("return_state_open") },
                  { value: "accepted", label: t("return_state_accepted") },
                  { value: "closed", label: t("return_state_closed") },
                  { value: "rejected", label: t("return_state_rejected") },
                  { value: "todas", label: t("returns_all") },
                ]}
                fullWidth
                style={{ overflowX: "auto" }}
              />
              {returns.length === 0 ? (
                <Text c="dimmed" py="lg" ta="center">
                  {state === "open" ? t("returns_open_empty") : t("returns_empty")}
                </Text>
              ) : (
                returns.map((item) => (
                  <ReturnSummary key={item.id} item={item} showLabel>
                    <Anchor component={Link} to={shopHref(basePath, `/admin/ordenes/${item.order_id}`)} size="sm">
                      {t("return_open_order", { number: item.order_number ?? "" })}
                    </Anchor>
                    <ReturnActions item={item} slug={shop.slug} onChanged={() => revalidator.revalidate()} />
                  </ReturnSummary>
                ))
              )}
              <ListingPagination page={page} total={total} pageSize={RETURNS_PAGE_SIZE} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <ReturnPolicyForm slug={shop.slug} policy={policy} />
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
