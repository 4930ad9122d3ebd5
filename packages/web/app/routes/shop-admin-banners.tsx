import { Container } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { requireShopAdminPage } from "../features/admin/admin.server";
import { BannerAdmin } from "../features/merchandising/BannerAdmin";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/shop-admin-banners";

export async function loader({ context, params }: Route.LoaderArgs) {
  return requireShopAdminPage(context, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) =>
  data ? [{ title: `${data.shop.name} · ${translate(localeOf(matches), "admin_banners")}` }] : [];

export default function ShopAdminBannersRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="lg">
      <BannerAdmin shopSlug={loaderData.shop.slug} />
    </Container>
  );
}
