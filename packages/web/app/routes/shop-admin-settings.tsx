import { Container, Stack } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { useSearchParams } from "react-router";
import { ContactInfoForm } from "../features/admin/ContactInfoForm";
import { CustomShopForm } from "../features/admin/CustomShopForm";
import { ImageNameForm } from "../features/admin/ImageNameForm";
import { IntegrationsForm } from "../features/admin/IntegrationsForm";
import { InvitationsForm } from "../features/admin/InvitationsForm";
import { PaymentMethodsForm } from "../features/admin/PaymentMethodsForm";
import { PaymentAccountsCard } from "../features/payment-accounts/PaymentAccountsCard";
import { loadPaymentSettings } from "../features/payment-accounts/payment-accounts.server";
import { SocialLinksForm } from "../features/admin/SocialLinksForm";
import { ThemeEditor } from "../features/admin/ThemeEditor";
import { requireShopAdminPage } from "../features/admin/admin.server";
import { localeOf } from "../features/shop/shop-meta";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/shop-admin-settings";
import { PageHeader } from "../ui/PageHeader";

export async function loader({ context, params }: Route.LoaderArgs) {
  const shopContext = await requireShopAdminPage(context, params);
  return { ...shopContext, paymentSettings: await loadPaymentSettings(context, shopContext.shop.slug) };
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shop.name} · ${translate(localeOf(matches), "admin_settings")}` }] : [];

/** /admin/configuracion: shop settings; ?showCustomShopToggle=true (the gear beside the shop name) opens the custom-shop toggles. */
export default function ShopAdminSettingsRoute({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const [search] = useSearchParams();
  const { shop } = loaderData;
  return (
    <Container size="md" py="lg">
      <Stack>
        <PageHeader title={t("settings_title")} />
        {search.get("showCustomShopToggle") === "true" && (
          <CustomShopForm key={`${shop.store_theme_info.columns}-${shop.hidden_darkmode}`} shop={shop} />
        )}
        <ImageNameForm key={`${shop.name}-${shop.photo}`} shop={shop} />
        <ThemeEditor shop={shop} />
        <ContactInfoForm shop={shop} />
        <SocialLinksForm shop={shop} />
        <IntegrationsForm shop={shop} />
        <InvitationsForm shop={shop} />
        <PaymentMethodsForm shop={shop} />
        <PaymentAccountsCard shopSlug={shop.slug} settings={loaderData.paymentSettings} />
      </Stack>
    </Container>
  );
}
