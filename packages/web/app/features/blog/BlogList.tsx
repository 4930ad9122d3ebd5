import { Button, Container, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { IconNews, IconPlus, IconRefresh } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { BlogEntryCard } from "@tianguis/domain/schemas/blog";
import { Link, useLocation, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { EmptyState } from "../../ui/EmptyState";
import { ListingPagination } from "../catalog/ListingPagination";
import { BlogCard, BlogCardSkeleton } from "./BlogCard";

/** {base}/blogs: the shop's published entries, 8 per page, newest updated first; admins get 'Nueva entrada'. */
export function BlogList({
  entries,
  total,
  page,
  pageSize,
  basePath,
  canWrite,
}: {
  entries: BlogEntryCard[];
  total: number;
  page: number;
  pageSize: number;
  basePath: string;
  canWrite: boolean;
}) {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && /\/blogs\/?$/.test(navigation.location.pathname);
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1}>{t("blog_title")}</Title>
          {canWrite && (
            <Button component={Link} to={shopHref(basePath, "/blogs/crear")} leftSection={<IconPlus size={16} />}>
              {t("blog_new")}
            </Button>
          )}
        </Group>
        {loading ? (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} aria-busy="true">
            {[0, 1, 2].map((key) => (
              <BlogCardSkeleton key={key} />
            ))}
          </SimpleGrid>
        ) : entries.length === 0 ? (
          <EmptyState icon={<IconNews size={28} />} title={t("blog_empty")} text={t("blog_empty_hint")} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {entries.map((entry) => (
              <BlogCard key={entry.id} entry={entry} basePath={basePath} />
            ))}
          </SimpleGrid>
        )}
        <ListingPagination page={page} total={total} pageSize={pageSize} />
      </Stack>
    </Container>
  );
}

/**
 * A list that could not be loaded (the API failed, or the network: a TypeError in the browser) shows the generic list
 * error of commerce-and-accounts §8 'Blog' with a way to try again, instead of an empty blog.
 */
export function BlogListError() {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <div role="alert">
        <EmptyState
          icon={<IconNews size={28} />}
          title={t("blog_title")}
          text={t("blog_list_error")}
          action={
            <Button component={Link} to={`${pathname}${search}`} reloadDocument variant="light" leftSection={<IconRefresh size={16} />}>
              {t("blog_retry")}
            </Button>
          }
        />
      </div>
    </Container>
  );
}
