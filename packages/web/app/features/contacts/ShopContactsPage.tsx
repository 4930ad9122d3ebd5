import { IconAddressBook } from "@tabler/icons-react";
import { contactsPageSize } from "@tianguis/domain/rules/contacts";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { FilteredListPage } from "../../ui/FilteredListPage";
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
    <FilteredListPage
      title={t("contacts_title")}
      intro={t("contacts_intro")}
      filters={(total > 0 || filtered) && <ContactFilters values={filters} tags={tags} />}
      count={total === 1 ? t("contacts_count_one") : t("contacts_count", { count: total })}
      emptyState={
        contacts.length === 0 && (
          <EmptyState
            icon={<IconAddressBook size={28} />}
            title={t("contacts_title")}
            text={t(filtered ? "contacts_none_match" : "contacts_empty")}
          />
        )
      }
      pagination={<ListingPagination page={page} total={total} pageSize={contactsPageSize} />}
    >
      <ContactList contacts={contacts} hrefOf={(contact) => shopHref(basePath, `/admin/contactos/${contact.id}`)} />
    </FilteredListPage>
  );
}
