import { Center, Container, Pagination, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { IconBooks, IconSearch } from "@tabler/icons-react";
import { publishedCataloguesPerPage } from "@tianguis/domain/schemas/catalogue";
import { Form, useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import { PageHeader } from "../../ui/PageHeader";
import { CatalogueCard } from "./CatalogueCard";
import type { loadPublishedCatalogues } from "./catalogues.server";

/**
 * The marketplace's /catalogos (storefront-and-admin §2 'Public catalogues list'): the public catalogues of every shop,
 * heaviest first, each card naming its shop and leading to the catalogue in it; a search by name and 30 per page.
 */
export function PublishedCataloguesPage({ catalogues, total, page, name }: Awaited<ReturnType<typeof loadPublishedCatalogues>>) {
  const t = useT();
  const navigate = useNavigate();
  const pages = Math.max(1, Math.ceil(total / publishedCataloguesPerPage));
  const goTo = (next: number) => {
    const query = new URLSearchParams();
    if (name) query.set("name", name);
    query.set("page", String(next));
    navigate(`?${query}`);
  };
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader title={t("catalogues")} />
        <Form method="get" role="search">
          <TextInput
            name="name"
            defaultValue={name}
            placeholder={t("search_catalogues")}
            aria-label={t("search_catalogues")}
            leftSection={<IconSearch size={16} />}
            maw={420}
          />
        </Form>
        {catalogues.length === 0 ? (
          <Center py={60}>
            <Stack align="center" gap="xs">
              <ThemeIcon size={64} radius="xl" variant="light">
                <IconBooks size={36} />
              </ThemeIcon>
              <Text fw={600}>{t("no_catalogues")}</Text>
            </Stack>
          </Center>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }} role="list" aria-label={t("catalogues")}>
            {catalogues.map((catalogue) => (
              <div key={catalogue.id} role="listitem">
                <CatalogueCard catalogue={catalogue} basePath={`/tienda/${catalogue.shop.slug}`} shopName={catalogue.shop.name} />
              </div>
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={goTo} mx="auto" />}
      </Stack>
    </Container>
  );
}
