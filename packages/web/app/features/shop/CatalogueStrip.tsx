import { Anchor, Container, Group, Text } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { CatalogueView } from "@tianguis/domain/schemas/catalogue";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { Avatar } from "../../ui/Avatar";
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
    <Container size="xl" py={8} w="100%">
      <Group gap="xs" wrap="nowrap" className={classes.strip} aria-label={t("catalogue_strip_label")} role="navigation">
        {catalogues.map((catalogue) => (
          <Link key={catalogue.id} to={shopHref(basePath, `${cataloguePath}/${catalogue.slug}`)} className={classes.stripItem}>
            <Avatar src={catalogue.photo} alt="" size={26} radius="xl">
              {catalogue.name.slice(0, 1)}
            </Avatar>
            <Text size="sm" lineClamp={1} maw={180}>
              {catalogue.name}
            </Text>
          </Link>
        ))}
        <Anchor component={Link} to={shopHref(basePath, cataloguePath)} size="sm" fw={600} style={{ whiteSpace: "nowrap" }} px="xs">
          {t("catalogue_strip_more")}
        </Anchor>
      </Group>
    </Container>
  );
}
