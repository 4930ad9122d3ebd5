import { useMounted } from "@mantine/hooks";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useLocation } from "react-router";
import { isShopAdmin } from "../../lib/access";
import { lazyPart } from "../../lib/lazy-part";
import { useUser } from "../../lib/user";

const ShopAdminBanner = lazyPart(() => import("./ShopAdminBanner").then((module) => module.ShopAdminBanner));

/**
 * The subscription prompt in the shop's admin pages, as a banner (ShopAdminBanner.tsx): only for a signed-in shop admin
 * (commerce-and-accounts §6 'Subscription prompt only for non-anonymous shop admins'); no one else downloads it. It is
 * loaded after the page, like the subscription it shows.
 */
export function ShopAdminPrompt({ shop }: { shop: ShopView }) {
  const user = useUser();
  const mounted = useMounted();
  const onAdminPage = useLocation().pathname.includes("/admin/");
  return mounted && user && isShopAdmin(shop) && onAdminPage ? <ShopAdminBanner shop={shop} /> : null;
}
