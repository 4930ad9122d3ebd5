import { Container } from "@mantine/core";
import { requireShopAdminPage } from "../features/admin/admin.server";
import { BannerAdmin } from "../features/merchandising/BannerAdmin";
import type { Route } from "./+types/shop-admin-banners";

export async function loader({ context, params }: Route.LoaderArgs) {
  return requireShopAdminPage(context, params);
}

export const meta: Route.MetaFunction = ({ data }) => (data ? [{ title: `${data.shop.name} · Banners` }] : []);

export default function ShopAdminBannersRoute({ loaderData }: Route.ComponentProps) {
  return (
    <Container size="lg" py="lg">
      <BannerAdmin shopSlug={loaderData.shop.slug} />
    </Container>
  );
}
