import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { DropshippingSettings } from "../features/picker/DropshippingSettings";
import { loadDropshippingSettings } from "../features/picker/dropshipping.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-dropshipping";

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadDropshippingSettings(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shop.name} · ${translate(localeOf(matches), "dropshipping_title")}` }] : [];

export default function ShopAdminDropshippingRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="md" py="lg">
      <DropshippingSettings shopSlug={loaderData.shop.slug} audience={loaderData.audience} />
    </Container>
  );
}
