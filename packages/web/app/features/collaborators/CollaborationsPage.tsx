import { Container, Divider, Paper, Stack, Title } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { collaborationsPageSize } from "@tianguis/domain/rules/collaborators";
import type { CollaborationView } from "@tianguis/domain/schemas/collaborator";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { CollaborationCard } from "./CollaborationCard";
import type { loadCollaborations } from "./collaborators.server";
import { PageHeader } from "../../ui/PageHeader";

function CardList({ label, items }: { label: string; items: CollaborationView[] }) {
  return (
    <Paper withBorder radius="md" px="md" py="xs">
      <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={label}>
        {items.map((collaboration, index) => (
          <li key={collaboration.id}>
            {index > 0 && <Divider />}
            <CollaborationCard collaboration={collaboration} />
          </li>
        ))}
      </Stack>
    </Paper>
  );
}

/** /apps/me/colaboraciones 'Mis colaboraciones': invitations to answer, then the stores one collaborates with (10 a page). */
export function CollaborationsPage({ pending, collaborations, total, page }: Awaited<ReturnType<typeof loadCollaborations>>) {
  const t = useT();
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader title={t("collaborations_title")} description={t("collaborations_intro")} />
        {pending.length > 0 && (
          <Stack gap="xs">
            <Title order={2} size="h4">
              {t("collaborations_pending")}
            </Title>
            <CardList label={t("collaborations_pending")} items={pending} />
          </Stack>
        )}
        {collaborations.length === 0 ? (
          pending.length === 0 && (
            <EmptyState icon={<IconUsersGroup size={30} />} title={t("collaborations_title")} text={t("collaborations_empty")} />
          )
        ) : (
          <CardList label={t("collaborations_title")} items={collaborations} />
        )}
        <ListingPagination page={page} total={total} pageSize={collaborationsPageSize} />
      </Stack>
    </Container>
  );
}
