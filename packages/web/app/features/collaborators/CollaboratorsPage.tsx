import { Container, Divider, Paper, Stack } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { collaboratorsPageSize } from "@tianguis/domain/rules/collaborators";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { CollaboratorRow } from "./CollaboratorRow";
import type { loadCollaboratorsAdmin } from "./collaborators.server";
import { InviteCollaboratorForm } from "./InviteCollaboratorForm";
import { PageHeader } from "../../ui/PageHeader";

/**
 * {base}/admin/colaboradores 'Colaboradores': invite by e-mail or phone with profiles, then change profiles, send the
 * invitation again or remove (commerce-and-accounts §7); 10 per page, newest first.
 */
export function CollaboratorsPage({ shop, collaborators, total, page, profiles }: Awaited<ReturnType<typeof loadCollaboratorsAdmin>>) {
  const t = useT();
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <PageHeader title={t("collaborators_title")} description={t("collaborators_intro")} />
        <InviteCollaboratorForm slug={shop.slug} profiles={profiles} />
        {collaborators.length === 0 ? (
          <EmptyState icon={<IconUsers size={30} />} title={t("collaborators_title")} text={t("collaborators_empty")} />
        ) : (
          <Paper withBorder radius="md" px="md" py="xs">
            <Stack gap={0} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label={t("collaborators_title")}>
              {collaborators.map((collaborator, index) => (
                <li key={collaborator.id}>
                  {index > 0 && <Divider />}
                  <CollaboratorRow key={collaborator.profiles.join()} slug={shop.slug} collaborator={collaborator} profiles={profiles} />
                </li>
              ))}
            </Stack>
          </Paper>
        )}
        <ListingPagination page={page} total={total} pageSize={collaboratorsPageSize} />
      </Stack>
    </Container>
  );
}
