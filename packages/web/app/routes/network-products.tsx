import { Group, SimpleGrid, Text, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { translate } from "@tianguis/domain/messages/index";
import { networkCardLink } from "@tianguis/domain/rules/network-links";
import { directoryApi } from "@tianguis/domain/routes/directory";
import { Form, useNavigation } from "react-router";
import { ListingPagination } from "../features/catalog/ListingPagination";
import { ProductCard } from "../features/catalog/ProductCard";
import { ProductGridSkeleton } from "../features/catalog/ProductGrid";
import { NetworkTabs } from "../features/directory/NetworkTabs";
import { localeOf } from "../features/shop/shop-meta";
import { load } from "../lib/api/load.server";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/network-products";

const pageSize = 36;

export async function loader({ context, request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const text = url.searchParams.get("text")?.trim() ?? "";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const query = { limit: pageSize, offset: (page - 1) * pageSize, text: text || undefined };
  const listing = await load(context, directoryApi.products, { query });
  return { ...listing, text, page, now: new Date().toISOString() };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "nav_products")} · ${translate(localeOf(matches), "network_title")} · Tianguis` },
];

export default function NetworkProducts({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const navigation = useNavigation();
  const { results, matches_estimated, text, page, now } = loaderData;
  return (
    <NetworkTabs active="products">
      <Form method="get" role="search">
        <Group mb="md" align="flex-end">
          <TextInput
            name="text"
            defaultValue={text}
            type="search"
            label={t("network_search")}
            placeholder={t("search_placeholder")}
            leftSection={<IconSearch size={16} />}
            w={{ base: "100%", sm: 420 }}
          />
          <Text c="dimmed" size="sm" aria-live="polite">
            {t(matches_estimated === 1 ? "listing_count_one" : "listing_count", { count: matches_estimated })}
          </Text>
        </Group>
      </Form>
      {navigation.state === "loading" ? (
        <ProductGridSkeleton count={10} />
      ) : results.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          {t("network_empty")}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 6 }} spacing="md">
          {results.map((product) => (
            <ProductCard key={product.id} product={product} basePath="" now={new Date(now)} href={networkCardLink(product, false)} />
          ))}
        </SimpleGrid>
      )}
      <ListingPagination page={page} total={matches_estimated} pageSize={pageSize} />
    </NetworkTabs>
  );
}
