import { Alert, Anchor, Container, Skeleton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { supportApi } from "@tianguis/domain/routes/support";
import { DISABLED_SHOP_HELP_PATH } from "@tianguis/domain/rules/support";
import type { ShopDisablementView } from "@tianguis/domain/schemas/support";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";

/** The shop's owner or admin: they read the reason the platform gave (fetched for them only). */
function OwnerReason({ slug }: { slug: string }) {
  const t = useT();
  const locale = useLocale();
  const [view, setView] = useState<ShopDisablementView | null | "failed">(null);
  useEffect(() => {
    let live = true;
    api(supportApi.disablement, { params: { slug } })
      .then((result) => live && setView(result))
      .catch(() => live && setView("failed"));
    return () => {
      live = false;
    };
  }, [slug]);
  if (view === "failed") return null;
  if (view === null) return <Skeleton height={14} width="60%" aria-hidden />;
  if (!view.reason) return null;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600} data-testid="disabled-reason">
        {t("shop_disabled_reason", { reason: view.reason })}
      </Text>
      {view.disabled_at && (
        <Text size="xs" c="dimmed">
          {t("shop_disabled_since", { date: new Date(view.disabled_at).toLocaleDateString(locale, { dateStyle: "long" }) })}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The disabled-shop warning (storefront-and-admin §2 'Disabled shop: warning alert with help link', shown by
 * DisabledShopNotice.tsx): every visitor reads that nothing can be bought here for now, with the link to
 * /ayuda/proveedores/deshabilitado; the shop's owner and admins also read the platform's reason.
 */
export function DisabledShopAlert({ shop }: { shop: ShopView }) {
  const t = useT();
  const isAdmin = shop.permissions.includes("admin");
  return (
    <Container size="xl" w="100%" pt="sm">
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} title={t("shop_disabled_title")} role="alert">
        <Stack gap={6}>
          <Text size="sm">{t(isAdmin ? "shop_disabled_owner" : "shop_disabled_visitor")}</Text>
          {isAdmin && <OwnerReason slug={shop.slug} />}
          <Anchor component={Link} to={DISABLED_SHOP_HELP_PATH} size="sm" fw={600}>
            {t("shop_disabled_help")}
          </Anchor>
        </Stack>
      </Alert>
    </Container>
  );
}
