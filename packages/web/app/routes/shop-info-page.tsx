import type { CrumbHandle } from "../features/shop/Breadcrumbs";
import { layoutData, shopMeta } from "../features/shop/shop-meta";
import { ShopInfoPage } from "../features/shop-pages/ShopInfoPage";
import { loadShopInfoPage } from "../features/shop-pages/shop-pages.server";
import type { Route } from "./+types/shop-info-page";

export const handle: CrumbHandle = {
  breadcrumb: (match) => [{ label: (match.data as { page?: { title: string } } | undefined)?.page?.title ?? "" }],
};

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadShopInfoPage(context, request, params);
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const layout = layoutData(matches);
  if (!data || !layout) return [{ title: data?.page.title ?? "Tianguis" }];
  const description = data.page.body.replace(/\s+/g, " ").slice(0, 160);
  return shopMeta(layout.shop, layout.chrome, { title: data.page.title, description });
};

/** {shop}/acerca, /privacidad, /terms, /copyright (storefront-and-admin §2, store footer links). */
export default function ShopInfoPageRoute({ loaderData }: Route.ComponentProps) {
  return <ShopInfoPage page={loaderData.page} />;
}
