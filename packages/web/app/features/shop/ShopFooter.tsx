import {
  IconBrandDiscord,
  IconBrandFacebook,
  IconBrandInstagram,
  IconBrandTwitch,
  IconBrandX,
  IconBrandYoutube,
  IconWorld,
} from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { footerCategories, showsContactButton } from "@tianguis/domain/rules/storefront-chrome";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link, useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { AnchorLink, Container, Group, Stack, Text, Title, rem, spacing } from "../../ui/layout-markup";
import { PlainIconButton } from "../../ui/PlainButton";
import classes from "./shop.module.css";

const links = [
  { path: "/acerca", label: "footer_about" },
  { path: "/contacto", label: "footer_contact" },
  { path: "/copyright", label: "footer_copyright" },
  { path: "/terms", label: "footer_terms" },
  { path: "/privacidad", label: "footer_privacy" },
] as const;

const socials = [
  { key: "facebook", Icon: IconBrandFacebook },
  { key: "instagram", Icon: IconBrandInstagram },
  { key: "twitter", Icon: IconBrandX },
  { key: "youtube", Icon: IconBrandYoutube },
  { key: "twitch", Icon: IconBrandTwitch },
  { key: "kick", Icon: IconWorld },
  { key: "discord", Icon: IconBrandDiscord },
] as const;

/** Store footer: links under the store path, categories, social links; footer_style '3cols1col' or default; footer colours. */
export function ShopFooter({
  shop,
  basePath,
  categories,
}: {
  shop: ShopView;
  basePath: string;
  categories: { name: string; count: number }[];
}) {
  const t = useT();
  const { pathname } = useLocation();
  const { shown, seeMore } = footerCategories(categories);
  const threeColumns = shop.footer_style === "3cols1col";
  const background = shop.footer_bg ?? "#111827";
  const color = shop.footer_fg ?? "#f9fafb";
  const social = socials.filter(({ key }) => shop[key]);
  const about = (
    <Stack gap="xs">
      <Title order={2} size="h4" style={{ color: "inherit" }}>
        {shop.name}
      </Title>
      {shop.seo_description && (
        <Text size="sm" style={{ opacity: 0.8, maxWidth: rem(360) }}>
          {shop.seo_description}
        </Text>
      )}
      {social.length > 0 && (
        <Group gap={4} aria-label={t("footer_follow")}>
          {social.map(({ key, Icon }) => (
            <PlainIconButton
              key={key}
              href={shop[key] ?? "#"}
              target="_blank"
              rel="noopener noreferrer"
              variant="subtle"
              style={{ color: "inherit" }}
              aria-label={key}
            >
              <Icon size={20} />
            </PlainIconButton>
          ))}
        </Group>
      )}
    </Stack>
  );
  const info = (
    <Stack gap={6}>
      <Text size="sm" style={{ fontWeight: 700, textTransform: "uppercase", opacity: 0.7 }}>
        {t("footer_links")}
      </Text>
      {links.map((link) => (
        <Link key={link.path} to={shopHref(basePath, link.path)} className={classes.footerLink}>
          {t(link.label)}
        </Link>
      ))}
    </Stack>
  );
  const categoryList = shown.length > 0 && (
    <Stack gap={6}>
      <Text size="sm" style={{ fontWeight: 700, textTransform: "uppercase", opacity: 0.7 }}>
        {t("footer_categories")}
      </Text>
      {shown.map((category) => (
        <Link
          key={category.name}
          to={`${shopHref(basePath, "/productos")}?category=${encodeURIComponent(category.name)}`}
          className={classes.footerLink}
        >
          {category.name}
        </Link>
      ))}
      {seeMore && (
        <AnchorLink to={shopHref(basePath, "/productos")} inherit size="sm" style={{ fontWeight: 700 }}>
          {t("footer_see_more")}
        </AnchorLink>
      )}
    </Stack>
  );
  // Room below the last line for the floating contact buttons (ContactWidget), so they never cover it.
  const floating = showsContactButton(shop, pathname.slice(basePath.length) || "/");
  return (
    <footer
      style={{ marginTop: rem(48), paddingTop: spacing("xl"), paddingBottom: spacing(floating ? 88 : "lg"), background, color }}
      data-footer-style={shop.footer_style}
    >
      <Container size="xl">
        {threeColumns ? (
          <div className={classes.footerColumns}>
            {about}
            {info}
            {categoryList || <span />}
          </div>
        ) : (
          <Stack gap="lg" align="center" style={{ textAlign: "center" }}>
            {about}
            <Group gap="lg" justify="center">
              {links.map((link) => (
                <Link key={link.path} to={shopHref(basePath, link.path)} className={classes.footerLink}>
                  {t(link.label)}
                </Link>
              ))}
            </Group>
            {categoryList}
          </Stack>
        )}
        <div role="separator" className={classes.footerDivider} />
        <Group justify="space-between" gap="xs">
          <Text size="xs" style={{ opacity: 0.7 }}>
            © {new Date().getFullYear()} {shop.name}
          </Text>
          <Text size="xs" style={{ opacity: 0.7 }}>
            {t("office_hours")} · {t("footer_powered")}
          </Text>
        </Group>
      </Container>
    </footer>
  );
}
