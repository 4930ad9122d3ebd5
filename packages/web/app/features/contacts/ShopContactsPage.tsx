import { Container, Stack, Text, Title } from "@mantine/core";
import { IconAddressBook } from "@tabler/icons-react";
import { contactsPageSize } from "@tianguis/domain/rules/contacts";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { ContactFilters } from "./ContactFilters";
import { ContactList } from "./ContactList";
import type { loadShopContacts } from "./contacts.server";

type PageData = Awaited<ReturnType<typeof loadShopContacts>>;

/** {shop}/admin/contactos: who wrote to the shop, bought from it or came through its campaigns. */
export function ShopContactsPage({ contacts, total, page, filters, tags, basePath }: PageData) {
  const t = useT();
  const filtered = Object.values(filters).some(Boolean);
  return (
    <Container size="lg" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <div>
          <Title order={1} fz={{ base: "h2", sm: "h1" }}>
            {t("contacts_title")}
          </Title>
          <Text c="dimmed">{t("contacts_intro")}</Text>
        </div>
        {(total > 0 || filtered) && <ContactFilters values={filters} tags={tags} />}
        <Text size="sm" c="dimmed" aria-live="polite">
          {total === 1 ? t("contacts_count_one") : t("contacts_count", { count: total })}
        </Text>
        {contacts.length === 0 ? (
          <EmptyState
            icon={<IconAddressBook size={28} />}
            title={t("contacts_title")}
            text={t(filtered ? "contacts_none_match" : "contacts_empty")}
          />
        ) : (
          <ContactList contacts={contacts} hrefOf={(contact) => shopHref(basePath, `/admin/contactos/${contact.id}`)} />
        )}
        <ListingPagination page={page} total={total} pageSize={contactsPageSize} />
      </Stack>
    </Container>
  );
}
