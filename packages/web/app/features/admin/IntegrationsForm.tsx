import type { ShopView } from "@tianguis/domain/schemas/shop";
import { shopIntegrations } from "@tianguis/domain/schemas/shop-settings";
import { useT } from "../../lib/i18n";
import { ShopFieldsForm } from "./ShopFieldsForm";

/** The shop's LiveChat licence and Facebook pixel (rules/shop-integrations.ts); numbers only, empty turns them off. */
export function IntegrationsForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const fields = [
    { name: "live_chat_license", label: t("shop_live_chat_license"), placeholder: "12345678", inputMode: "numeric" },
    { name: "fb_pixel", label: t("shop_fb_pixel"), placeholder: "123456789012345", inputMode: "numeric" },
  ] as const;
  return (
    <ShopFieldsForm
      shop={shop}
      title={t("shop_integrations")}
      hint={t("shop_integrations_hint")}
      fields={fields}
      schema={shopIntegrations}
    />
  );
}
