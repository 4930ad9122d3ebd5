import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { IconReceiptOff } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useShop } from "../../lib/useShop";

/** 'Pedido no encontrado': an unknown purchase or order, or one the visitor may not read (wrong account or token). */
export function PurchaseNotFound() {
  const t = useT();
  const basePath = useShop()?.basePath ?? "";
  return (
    <Center mih="60vh" p="xl">
      <Stack align="center" gap="md" maw={480} ta="center">
        <IconReceiptOff size={64} stroke={1.3} aria-hidden />
        <Title order={1} fz="h2">
          {t("order_not_found")}
        </Title>
        <Text c="dimmed">{t("purchase_not_found_text")}</Text>
        <Button component={Link} to={shopHref(basePath, "/mis-compras")}>
          {t("menu_my_purchases")}
        </Button>
      </Stack>
    </Center>
  );
}
