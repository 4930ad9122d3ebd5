import { useRouteLoaderData } from "react-router";
import type { ShopContext } from "./shop.server";

/** The shop the current page belongs to (from /tienda/{slug} or the sub-domain layout), or null on the marketplace. */
export function useShop(): ShopContext | null {
  const byPath = useRouteLoaderData("shop-path") as { shopContext: ShopContext | null } | undefined;
  const byHost = useRouteLoaderData("site") as { shopContext: ShopContext | null } | undefined;
  return byPath?.shopContext ?? byHost?.shopContext ?? null;
}
