import { Alert, Anchor, Avatar, Button, Container, Group, Image, Paper, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft, IconPencil } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { BlogEntryView } from "@tianguis/domain/schemas/blog";
import { Link } from "react-router";
import { useLocale, useT } from "../../lib/i18n";
import { BlogBody } from "./BlogBody";
import { formatBlogDate } from "./BlogCard";
import classes from "./blog.module.css";

/** {base}/blogs/{entry}: the article; a draft carries a notice (only the shop's admins ever reach it). */
export function BlogEntryPage({ entry, basePath, canWrite }: { entry: BlogEntryView; basePath: string; canWrite: boolean }) {
  const t = useT();
  const locale = useLocale();
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="md">
        <Group justify="space-between">
          <Anchor component={Link} to={shopHref(basePath, "/blogs")} size="sm">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {t("blog_back")}
            </Group>
          </Anchor>
          {canWrite && (
            <Button
              component={Link}
              to={shopHref(basePath, `/blogs/${entry.slug}/editar`)}
              variant="light"
              size="xs"
              leftSection={<IconPencil size={14} />}
            >
              {t("blog_edit")}
            </Button>
          )}
        </Group>
        {entry.state === "draft" && (
          <Alert color="yellow" variant="light">
            {t("blog_draft_notice")}
          </Alert>
        )}
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} component="article">
          <Stack gap="md">
            {entry.cover_image && <Image src={entry.cover_image} alt="" radius="md" className={classes.cover} />}
            <Title order={1}>{entry.title}</Title>
            <Group gap="xs">
              <Avatar src={entry.author.image} alt="" size={28} radius="xl">
                {entry.author.name.slice(0, 1)}
              </Avatar>
              <Text size="sm" c="dimmed">
                {t("blog_by", { name: entry.author.name })} ·{" "}
                <time dateTime={entry.updated_at}>{t("blog_updated_on", { date: formatBlogDate(entry.updated_at, locale) })}</time>
              </Text>
            </Group>
            <BlogBody doc={entry.body} />
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}
