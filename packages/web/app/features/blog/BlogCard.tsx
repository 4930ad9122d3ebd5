import { Anchor, Avatar, Card, Group, Image, Skeleton, Stack, Text, Title } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { BlogEntryCard } from "@tianguis/domain/schemas/blog";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import classes from "./blog.module.css";

export function formatBlogDate(iso: string, locale: string): string {
  return new Date(iso).toLocaleDateString(locale, { dateStyle: "long", timeZone: "America/Mexico_City" });
}

/** A list card: cover, title (the link), excerpt, date and author. */
export function BlogCard({ entry, basePath }: { entry: BlogEntryCard; basePath: string }) {
  const t = useT();
  const locale = useLocale();
  const href = shopHref(basePath, `/blogs/${entry.slug}`);
  return (
    <Card withBorder radius="md" padding="md" component="article" data-testid="blog-card" h="100%">
      {entry.cover_image && (
        <Card.Section>
          <Image src={entry.cover_image} alt="" className={classes.cover} loading="lazy" />
        </Card.Section>
      )}
      <Stack gap="xs" mt={entry.cover_image ? "md" : 0} style={{ flex: 1 }}>
        <Title order={2} size="h4">
          <Anchor component={Link} to={href} c="inherit" underline="hover">
            {entry.title}
          </Anchor>
        </Title>
        {entry.excerpt && (
          <Text size="sm" c="dimmed" lineClamp={3}>
            {entry.excerpt}
          </Text>
        )}
        <Group gap="xs" mt="auto" wrap="nowrap">
          <Avatar src={entry.author.image} alt="" size={24} radius="xl">
            {entry.author.name.slice(0, 1)}
          </Avatar>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {t("blog_by", { name: entry.author.name })} ·{" "}
            <time dateTime={entry.updated_at}>{formatBlogDate(entry.updated_at, locale)}</time>
          </Text>
        </Group>
      </Stack>
    </Card>
  );
}

export function BlogCardSkeleton() {
  return (
    <Card withBorder radius="md" padding="md" aria-hidden>
      <Card.Section>
        <Skeleton className={classes.cover} radius={0} />
      </Card.Section>
      <Stack gap="xs" mt="md">
        <Skeleton height={22} width="80%" />
        <Skeleton height={12} />
        <Skeleton height={12} width="60%" />
      </Stack>
    </Card>
  );
}
