import { Anchor, Avatar, Badge, Button, Card, Container, Group, SimpleGrid, Stack } from "@mantine/core";
import { IconBuildingStore, IconSettings } from "@tabler/icons-react";
import { franchisePublicPageSize } from "@tianguis/domain/rules/franchises";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { FranchiseView } from "@tianguis/domain/schemas/franchise";
import { Link } from "react-router";
import { useAdminShop } from "../../lib/access";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import type { loadPublicFranchises } from "./franchises.server";
import { PageHeader } from "../../ui/PageHeader";

/** {base}/franquicias: the shop's public franchise and affinity stores, 30 per page, each linking to its store. */
export function FranchisesPage({ shop, basePath, franchises, total, page }: Awaited<ReturnType<typeof loadPublicFranchises>>) {
  const t = useT();
  const admin = useAdminShop();
  return (
    <Container size="xl" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader
          title={t("franchises_title")}
          description={t("franchises_public_intro", { shop: shop.name })}
          actions={
            admin && (
              <Button
                component={Link}
                to={shopHref(basePath, "/admin/franquicias")}
                variant="light"
                leftSection={<IconSettings size={16} />}
              >
                {t("franchises_admin_title")}
              </Button>
            )
          }
        />
        {franchises.length === 0 ? (
          <EmptyState icon={<IconBuildingStore size={30} />} title={t("franchises_title")} text={t("franchises_empty")} />
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 4 }} spacing="md" component="ul" style={{ listStyle: "none", padding: 0 }}>
            {franchises.map((store) => (
              <FranchiseCard key={store.id} store={store} />
            ))}
          </SimpleGrid>
        )}
        <ListingPagination page={page} total={total} pageSize={franchisePublicPageSize} />
      </Stack>
    </Container>
  );
}

function FranchiseCard({ store }: { store: FranchiseView }) {
  const t = useT();
  return (
    <Card component="li" withBorder radius="md" padding="md" data-testid="franchise-card">
      <Group gap="md" wrap="nowrap">
        <Avatar src={store.photo} alt="" size={64} radius="md">
          <IconBuildingStore size={28} aria-hidden />
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Anchor href={store.canonical_url} fw={600} lineClamp={2} aria-label={t("franchise_visit", { name: store.name })}>
            {store.name}
          </Anchor>
          {store.store_type === "franchise" || store.store_type === "affinity" ? (
            <Badge size="sm" variant="light" color={store.store_type === "franchise" ? "dark" : "teal"} w="fit-content">
              {t(store.store_type === "franchise" ? "franchise_type_franchise" : "franchise_type_affinity")}
            </Badge>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
