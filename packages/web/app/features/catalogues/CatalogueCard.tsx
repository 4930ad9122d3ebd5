import { Card, Center, Image, Text } from "@mantine/core";
import { IconBooks } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { Link } from "react-router";
import { type Translate, useT } from "../../lib/i18n";

export function catalogueHref(basePath: string, slug: string) {
  return shopHref(basePath, `/catalogos/${slug}`);
}

/** '1 producto' or '{count} productos'. */
export function productCount(t: Translate, count: number): string {
  return count === 1 ? t("catalogue_products_one") : t("catalogue_products_count", { count });
}

/** A catalogue's card; `shopName` names its shop where catalogues of many shops are listed (the marketplace's /catalogos). */
export function CatalogueCard({ catalogue, basePath, shopName }: { catalogue: CatalogueView; basePath: string; shopName?: string }) {
  const t = useT();
  return (
    <Card
      component={Link}
      to={catalogueHref(basePath, catalogue.slug)}
      withBorder
      radius="md"
      padding="sm"
      style={{ textDecoration: "none" }}
    >
      <Card.Section>
        {catalogue.photo ? (
          <Image src={catalogue.photo} alt="" h={140} fit="cover" />
        ) : (
          <Center h={140} bg="var(--mantine-color-default-hover)">
            <IconBooks size={40} stroke={1.3} />
          </Center>
        )}
      </Card.Section>
      <Text fw={600} mt="sm" lineClamp={2}>
        {catalogue.name}
      </Text>
      {shopName && (
        <Text size="sm" lineClamp={1}>
          {shopName}
        </Text>
      )}
      <Text size="sm" c="dimmed">
        {productCount(t, catalogue.num_products)}
      </Text>
    </Card>
  );
}
