import { Avatar, Badge, Button, Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { formatMoney } from "@tianguis/domain/money";
import type { ProductView } from "@tianguis/domain/schemas/product";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { editPath } from "./links";
import { PageHeader } from "../../ui/PageHeader";

/** My products: the shop's own items with their state, and the create buttons. */
export function MyProductsList({ shop, products }: { shop: ShopView; products: ProductView[] }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <PageHeader title={t("my_products")} description={shop.name} />
        <Group gap="xs">
          <Button component={Link} to="/apps/me/products/create" leftSection={<IconPlus size={16} />}>
            {t("product_create")}
          </Button>
          <Button component={Link} to="/apps/me/products/services/create" variant="light" leftSection={<IconPlus size={16} />}>
            {t("service_create")}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="md" padding={0}>
        {products.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t("no_rows")}
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="sm" highlightOnHover>
              <Table.Tbody>
                {products.map((product) => (
                  <Table.Tr key={product.id}>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Avatar src={product.images[0]?.thumb} radius="sm" size={44} alt="" />
                        <Text size="sm" fw={500} lineClamp={2}>
                          {product.name}
                        </Text>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{t(`type_${product.type}`)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {product.is_free ? t("free") : formatMoney({ amount: product.list_price, currency: product.currency }, locale)}
                    </Table.Td>
                    <Table.Td>
                      <Badge color={product.list_state === "published" ? "teal" : "gray"} variant="dot">
                        {t(`list_state_${product.list_state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        component={Link}
                        to={editPath(product, shop.slug)}
                        variant="subtle"
                        size="xs"
                        aria-label={`${t("edit")}: ${product.name}`}
                      >
                        {t("edit")}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
