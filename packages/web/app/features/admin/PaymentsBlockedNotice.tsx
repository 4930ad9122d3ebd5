import { Alert, Anchor, Container, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";

/**
 * For the shop's admins, on every page of the shop, while it cannot take payments: production, and no live payment
 * provider (issue #32; the server sets payments_blocked for admins only). The link goes to 'Formas de pago'.
 */
export function PaymentsBlockedNotice({ shop, basePath }: { shop: ShopView; basePath: string }) {
  const t = useT();
  if (!shop.payments_blocked) return null;
  return (
    <Container size="xl" w="100%" pt="sm">
      <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />} title={t("payments_blocked_title")} role="alert">
        <Stack gap={6}>
          <Text size="sm">{t("payments_blocked_text")}</Text>
          <Anchor component={Link} to={`${basePath}/admin/configuracion`} size="sm" fw={600} underline="always">
            {t("payments_blocked_link")}
          </Anchor>
        </Stack>
      </Alert>
    </Container>
  );
}
