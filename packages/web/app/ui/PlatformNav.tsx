import { Anchor, Group } from "@mantine/core";
import { Link, useLocation } from "react-router";
import { useT } from "../lib/i18n";

const pages = [
  { to: "/plataforma/tiendas", label: "platform_shops_title" },
  { to: "/plataforma/coordinadores", label: "platform_coordinators_title" },
] as const;

/** The platform admin's pages, one link each; the page shown is marked (aria-current) and bold. */
export function PlatformNav() {
  const t = useT();
  const { pathname } = useLocation();
  return (
    <Group component="nav" aria-label={t("platform_admin")} gap="md" wrap="wrap">
      {pages.map((page) => {
        const current = pathname === page.to;
        return (
          <Anchor
            key={page.to}
            component={Link}
            to={page.to}
            size="sm"
            fw={current ? 700 : 400}
            aria-current={current ? "page" : undefined}
          >
            {t(page.label)}
          </Anchor>
        );
      })}
    </Group>
  );
}
