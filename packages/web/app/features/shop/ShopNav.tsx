import type { MessageCode } from "@tianguis/domain/messages/index";
import { type NavKey, shopNavigation } from "@tianguis/domain/rules/navigation";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { NavLink } from "react-router";
import { digitalProductsEnabled } from "../../lib/features";
import { useT } from "../../lib/i18n";
import { unstyledButton } from "../../ui/PlainButton";
import { Container, Group } from "../../ui/layout-markup";
import { Skeleton } from "../../ui/Skeleton";
import classes from "./shop.module.css";

const labels: Record<NavKey, MessageCode> = {
  products: "nav_products",
  digital: "nav_digital",
  services: "nav_services",
  experiences: "nav_experiences",
  catalogues: "nav_catalogues",
  blogs: "nav_blogs",
  franchises: "nav_franchises",
  contact: "nav_contact",
};

/** The shop menu exactly as the spec's visibility rules say; a skeleton until the shop's owner is known. */
export function ShopNav({
  shop,
  basePath,
  color,
  hasFranchises,
}: {
  shop: ShopView | null;
  basePath: string;
  color: string;
  /** Whether the shop lists public franchises; unknown shows the link. */
  hasFranchises?: boolean;
}) {
  const t = useT();
  return (
    <nav aria-label={t("shop_nav_label")} className={classes.nav}>
      <Container size="xl">
        <Group gap={4} wrap="nowrap" className={classes.navRow}>
          {!shop?.owner ? (
            Array.from({ length: 5 }, (_, index) => (
              <Skeleton
                key={index}
                height={18}
                width={90}
                radius="xl"
                style={{ marginBlock: "calc(0.75rem * var(--mantine-scale))", marginRight: "var(--mantine-spacing-md)" }}
                data-testid="nav-skeleton"
              />
            ))
          ) : (
            <>
              <NavLink
                to={shopHref(basePath, "/")}
                end
                className={`${unstyledButton} ${classes.navLink}`}
                style={{ "--shop-color": color } as React.CSSProperties}
              >
                {t("nav_home")}
              </NavLink>
              {shopNavigation(
                { ...shop, has_franchises: hasFranchises },
                { isAdmin: shop.permissions.includes("admin"), digitalProducts: digitalProductsEnabled },
              ).map((item) => (
                <NavLink
                  key={item.key}
                  to={shopHref(basePath, item.path)}
                  className={`${unstyledButton} ${classes.navLink}`}
                  style={{ "--shop-color": color } as React.CSSProperties}
                >
                  {t(labels[item.key])}
                </NavLink>
              ))}
            </>
          )}
        </Group>
      </Container>
    </nav>
  );
}
