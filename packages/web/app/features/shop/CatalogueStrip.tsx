import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { Avatar } from "../../ui/Avatar";
import { AnchorLink, Container, Group, Text, rem } from "../../ui/layout-markup";
import classes from "./shop.module.css";

/** The optional catalogue strip: links to {catalogue path}/{slug} (default /catalogos) and 'See more' to /catalogos. */
export function CatalogueStrip({
  catalogues,
  basePath,
  cataloguePath = "/catalogos",
}: {
  catalogues: CatalogueView[];
  basePath: string;
  cataloguePath?: string;
}) {
  const t = useT();
  if (catalogues.length === 0) return null;
  return (
    <Container size="xl" style={{ paddingBlock: rem(8), width: "100%" }}>
      <Group gap="xs" wrap="nowrap" className={classes.strip} aria-label={t("catalogue_strip_label")} role="navigation">
        {catalogues.map((catalogue) => (
          <Link key={catalogue.id} to={shopHref(basePath, `${cataloguePath}/${catalogue.slug}`)} className={classes.stripItem}>
            <Avatar src={catalogue.photo} alt="" size={26} radius="xl">
              {catalogue.name.slice(0, 1)}
            </Avatar>
            <Text size="sm" lineClamp={1} style={{ maxWidth: rem(180) }}>
              {catalogue.name}
            </Text>
          </Link>
        ))}
        <AnchorLink
          to={shopHref(basePath, cataloguePath)}
          size="sm"
          style={{ fontWeight: 600, whiteSpace: "nowrap", paddingInline: "var(--mantine-spacing-xs)" }}
        >
          {t("catalogue_strip_more")}
        </AnchorLink>
      </Group>
    </Container>
  );
}
