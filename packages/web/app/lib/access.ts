import type { ShopRole, ShopView } from "@tianguis/domain/schemas/shop";
import { useShop } from "./useShop";
import { useUser } from "./user";

/** Roles that see the left admin bar (spec §6). */
export const barRoles: readonly ShopRole[] = ["admin", "accountant", "dispatcher", "qrreader"];

export function isShopAdmin(shop: Pick<ShopView, "permissions"> | null | undefined): boolean {
  return !!shop?.permissions.includes("admin");
}

/** The current shop when the signed-in user is its owner or an admin member; null otherwise (no controls). */
export function useAdminShop() {
  const found = useShop();
  const user = useUser();
  if (!found || !user || !isShopAdmin(found.shop)) return null;
  return { ...found, user };
}
