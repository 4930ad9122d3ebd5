import { Alert, Button, Container, Divider, Paper, Stack } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBuildingStore, IconPlus } from "@tabler/icons-react";
import { franchiseAdminPageSize, mayListFranchises } from "@tianguis/domain/rules/franchises";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { FranchiseModal } from "./FranchiseModal";
import { FranchiseRow } from "./FranchiseRow";
import type { loadAdminFranchises } from "./franchises.server";
import { useFranchiseToggle } from "./useFranchiseToggle";
import { PageHeader } from "../../ui/PageHeader";

/**
 * {base}/admin/franquicias 'Mis franquicias': every store the shop lists (non-public ones marked), 10 per page, each
 * with remove and undo; 'Agregar franquicias' opens the franchise modal. Only franchise shops add.
 */
export function AdminFranchisesPage({ shop, franchises, total, page }: Awaited<ReturnType<typeof loadAdminFranchises>>) {
  const t = useT();
  const [opened, modal] = useDisclosure(false);
  const toggle = useFranchiseToggle(shop.slug);
  const mayAdd = mayListFranchises(shop);
  const addButton = mayAdd && (
    <Button leftSection={<IconPlus size={16} />} onClick={modal.open}>
      {t("franchises_add_button")}
    </Button>
  );
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader title={t("franchises_admin_title")} description={t("franchises_admin_intro")} actions={addButton} />
        {!mayAdd && (
          <Alert color="blue" role="status">
            {t("franchises_not_franchise")}
          </Alert>
        )}
        {franchises.length === 0 ? (
          <EmptyState icon={<IconBuildingStore size={30} />} title={t("franchises_admin_title")} text={t("franchises_admin_empty")} />
        ) : (
          <Paper withBorder radius="md" px="md" py="xs">
            <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("franchises_admin_title")}>
              {franchises.map((store, index) => (
                <li key={store.id}>
                  {index > 0 && <Divider />}
                  <FranchiseRow store={store} toggle={toggle} />
                </li>
              ))}
            </Stack>
          </Paper>
        )}
        <ListingPagination page={page} total={total} pageSize={franchiseAdminPageSize} />
      </Stack>
      {mayAdd && <FranchiseModal shopSlug={shop.slug} opened={opened} onClose={modal.close} />}
    </Container>
  );
}
