import { Stack, Text, Title } from "@mantine/core";
import { IconUsersGroup } from "@tabler/icons-react";
import { contactsPageSize } from "@tianguis/domain/rules/contacts";
import type { ContactTagView, ContactView } from "@tianguis/domain/schemas/contact";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { ContactFilters, type FilterValues } from "./ContactFilters";
import { ContactList } from "./ContactList";

/** /apps/me/referral/referred: the referred list (storefront-and-admin §7) with its filters; each opens in the CRM. */
export function ReferredList({
  contacts,
  total,
  page,
  filters,
  tags,
  campaigns,
}: {
  contacts: ContactView[];
  total: number;
  page: number;
  filters: FilterValues;
  tags: ContactTagView[];
  campaigns: { id: string; name: string }[];
}) {
  const t = useT();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Stack gap="md">
      <Title order={2} fz="h3">
        {t("referred_title")}
      </Title>
      <ContactFilters values={filters} tags={tags} campaigns={campaigns} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {total === 1 ? t("contacts_count_one") : t("contacts_count", { count: total })}
      </Text>
      {contacts.length === 0 ? (
        <EmptyState
          icon={<IconUsersGroup size={28} />}
          title={t("referred_title")}
          text={t(filtered ? "contacts_none_match" : "referred_empty")}
        />
      ) : (
        <ContactList contacts={contacts} hrefOf={(contact) => `/apps/me/crm/clients/detail/${contact.id}`} />
      )}
      <ListingPagination page={page} total={total} pageSize={contactsPageSize} />
    </Stack>
  );
}
