import { barRoles } from "../../lib/access";
import { renderedPart } from "../../lib/rendered-part";
import { useShop } from "../../lib/useShop";
import { useUser } from "../../lib/user";
// The bar's styles come with the page, so the server-rendered bar is styled (and the page makes room for it) at first paint.
import "./AdminBar.module.css";

const AdminBarNav = renderedPart("AdminBarNav", "shop-admin", () => import("./AdminBarNav").then((module) => module.AdminBarNav));

/** The left admin bar (AdminBarNav.tsx), for the shop's admins and members with a role in it: no one else downloads it. */
export function AdminBar() {
  const found = useShop();
  const user = useUser();
  // Not the domain's admin menu (rules/admin-modules.ts), which the bar alone needs: only who has a role in it.
  if (!found || !user || !found.shop.permissions.some((role) => barRoles.includes(role))) return null;
  return <AdminBarNav />;
}
