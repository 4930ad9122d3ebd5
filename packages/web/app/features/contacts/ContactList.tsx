import { Anchor, Badge, Group, Paper, Skeleton, Stack, Table, Text } from "@mantine/core";
import type { ContactView } from "@tianguis/domain/schemas/contact";
import { Link, useNavigation } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { formatDay, totalBought } from "./format";

/** Campaign and tags of a contact, as badges. */
function Labels({ contact }: { contact: ContactView }) {
  if (!contact.campaign && contact.tags.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Group gap={4}>
      {contact.campaign && (
        <Badge variant="light" color="grape">
          {contact.campaign.name}
        </Badge>
      )}
      {contact.tags.map((tag) => (
        <Badge key={tag.id} variant="outline" color="gray">
          {tag.tag}
        </Badge>
      ))}
    </Group>
  );
}

function Reach({ contact }: { contact: ContactView }) {
  return (
    <Stack gap={0}>
      {contact.email && <Text size="sm">{contact.email}</Text>}
      {contact.phone && (
        <Text size="sm" c="dimmed">
          {contact.phone}
        </Text>
      )}
    </Stack>
  );
}

/**
 * Contacts as a table on wider screens and as cards on phones: name (the link to the contact), e-mail/phone, first and
 * last interaction, total bought, campaign and tags. While the next page loads, skeleton rows stand in.
 */
export function ContactList({ contacts, hrefOf }: { contacts: ContactView[]; hrefOf: (contact: ContactView) => string }) {
  const t = useT();
  const locale = useLocale();
  const loading = useNavigation().state === "loading";
  if (loading)
    return (
      <Stack gap="sm" aria-busy="true" aria-label={t("loading")}>
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} height={48} radius="sm" />
        ))}
      </Stack>
    );
  const name = (contact: ContactView) => (
    <Group gap={6} wrap="nowrap">
      <Anchor component={Link} to={hrefOf(contact)} fw={600}>
        {contact.name || t("contacts_no_name")}
      </Anchor>
      {contact.unread > 0 && (
        <Badge color="red" variant="filled" size="sm" data-testid="contact-unread">
          {t("contacts_unread_badge", { count: contact.unread })}
        </Badge>
      )}
    </Group>
  );
  return (
    <>
      <Table.ScrollContainer minWidth={760} visibleFrom="sm">
        <Table striped highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("contacts_col_name")}</Table.Th>
              <Table.Th>{t("contacts_col_reach")}</Table.Th>
              <Table.Th>{t("contacts_col_first")}</Table.Th>
              <Table.Th>{t("contacts_col_last")}</Table.Th>
              <Table.Th ta="right">{t("contacts_col_total")}</Table.Th>
              <Table.Th>{t("contacts_col_campaign")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td>{name(contact)}</Table.Td>
                <Table.Td>
                  <Reach contact={contact} />
                </Table.Td>
                <Table.Td>{formatDay(contact.first_interaction_at, locale)}</Table.Td>
                <Table.Td>{formatDay(contact.last_interaction_at, locale)}</Table.Td>
                <Table.Td ta="right">{totalBought(contact, locale)}</Table.Td>
                <Table.Td>
                  <Labels contact={contact} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm">
        {contacts.map((contact) => (
          <Paper key={contact.id} withBorder radius="md" p="sm">
            <Stack gap={6}>
              {name(contact)}
              <Reach contact={contact} />
              <Text size="sm">
                {t("contacts_col_last")}: {formatDay(contact.last_interaction_at, locale)} · {t("contacts_col_total")}:{" "}
                {totalBought(contact, locale)}
              </Text>
              <Labels contact={contact} />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
