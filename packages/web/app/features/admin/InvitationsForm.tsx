import { Group, Switch } from "@mantine/core";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { shopInvitations } from "@tianguis/domain/schemas/shop-settings";
import { useT } from "../../lib/i18n";
import { ShopFieldsForm } from "./ShopFieldsForm";
import { useShopPatch } from "./useShopPatch";

/**
 * The storefront's invitation banners (rules/supplier-invitation.ts): a switch for each (saved at once; the shop's flags
 * hide them) and the shop's own supplier sentence in place of '¿Quieres ser proveedor de …?'.
 */
export function InvitationsForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const fields = [
    { name: "dssupplier_banner", label: t("invitation_supplier_text"), placeholder: t("invitation_supplier", { shop: shop.name }) },
  ] as const;
  return (
    <ShopFieldsForm
      shop={shop}
      title={t("invitation_settings")}
      hint={t("invitation_settings_hint")}
      fields={fields}
      schema={shopInvitations.pick({ dssupplier_banner: true })}
    >
      <Group gap="xl">
        <Switch
          label={t("invitation_show_supplier")}
          defaultChecked={!shop.hidden_dssupplier_banner}
          disabled={submitting}
          onChange={(event) => void patch({ hidden_dssupplier_banner: !event.currentTarget.checked })}
        />
        <Switch
          label={t("invitation_show_affiliate")}
          defaultChecked={!shop.hidden_affiliate_banner}
          disabled={submitting}
          onChange={(event) => void patch({ hidden_affiliate_banner: !event.currentTarget.checked })}
        />
      </Group>
    </ShopFieldsForm>
  );
}
