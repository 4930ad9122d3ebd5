import { Button, Center, Container, Pagination, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from "@mantine/core";
import { IconBooks, IconSearch, IconSettings } from "@tabler/icons-react";
import { useState } from "react";
import { Form, useNavigate } from "react-router";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../../lib/access";
import { CatalogueCard } from "./CatalogueCard";
import { CatalogueManagerModal } from "./CatalogueManagerModal";
import { cataloguesPerPage } from "@tianguis/domain/schemas/catalogue";
import type { loadCatalogues } from "./catalogues.server";
import { PageHeader } from "../../ui/PageHeader";

/** /catalogos: the shop's catalogues with a search (CataloguesDubaluFilter) and 10 per page; admins manage them. */
export function CataloguesPage({ shop, basePath, catalogues, total, page, text }: Awaited<ReturnType<typeof loadCatalogues>>) {
  const t = useT();
  const admin = useAdminShop();
  const navigate = useNavigate();
  const [managing, setManaging] = useState(false);
  const pages = Math.max(1, Math.ceil(total / cataloguesPerPage));
  const goTo = (next: number) => {
    const query = new URLSearchParams();
    if (text) query.set("CataloguesDubaluFilter", text);
    query.set("page", String(next));
    navigate(`?${query}`);
  };
  return (
    <Container size="xl" py="lg">
      <Stack>
        <PageHeader
          title={t("catalogues")}
          actions={
            admin && (
              <Button leftSection={<IconSettings size={16} />} onClick={() => setManaging(true)}>
                {t("manage_catalogues")}
              </Button>
            )
          }
        />
        <Form method="get" role="search">
          <TextInput
            name="CataloguesDubaluFilter"
            defaultValue={text}
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
          <SimpleGrid cols={{ base: 1, xs: 2, sm: 3, lg: 5 }}>
            {catalogues.map((catalogue) => (
              <CatalogueCard key={catalogue.id} catalogue={catalogue} basePath={basePath} />
            ))}
          </SimpleGrid>
        )}
        {pages > 1 && <Pagination total={pages} value={page} onChange={goTo} mx="auto" />}
      </Stack>
      {admin && <CatalogueManagerModal shopSlug={shop.slug} opened={managing} onClose={() => setManaging(false)} />}
    </Container>
  );
}
