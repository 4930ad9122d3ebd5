import { ActionIcon } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../../lib/access";
import { Hint } from "../../ui/Hint";

/** The gear beside the shop name (admins only, SettingsGear.tsx) → /admin/configuracion?showCustomShopToggle=true. */
export function SettingsGearLink() {
  const t = useT();
  const admin = useAdminShop();
  if (!admin) return null;
  return (
    <Hint label={t("settings_gear")}>
      <ActionIcon
        component={Link}
        to={shopHref(admin.basePath, "/admin/configuracion?showCustomShopToggle=true")}
        variant="subtle"
        aria-label={t("settings_gear")}
      >
        <IconSettings size={20} />
      </ActionIcon>
    </Hint>
  );
}
