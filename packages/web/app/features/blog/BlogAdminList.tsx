import { ActionIcon, Badge, Button, Container, Group, Modal, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { IconExternalLink, IconNews, IconPencil, IconPlus, IconTrash } from "@tabler/icons-react";
import { blogApi } from "@tianguis/domain/routes/blog";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { BlogEntryCard } from "@tianguis/domain/schemas/blog";
import { useState } from "react";
import { Link } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { DialogActions } from "../../ui/DialogActions";
import { EmptyState } from "../../ui/EmptyState";
import { useMutation } from "../../ui/useMutation";
import { ListingPagination } from "../catalog/ListingPagination";
import { formatBlogDate } from "./BlogCard";
import { PageHeader } from "../../ui/PageHeader";

/** {base}/admin/blogs 'Entradas del blog': every entry, drafts included, with view, edit and delete. */
export function BlogAdminList({
  entries,
  total,
  page,
  pageSize,
  basePath,
  shopSlug,
}: {
  entries: BlogEntryCard[];
  total: number;
  page: number;
  pageSize: number;
  basePath: string;
  shopSlug: string;
}) {
  const t = useT();
  const locale = useLocale();
  const { run, busy } = useMutation();
  const [deleting, setDeleting] = useState<BlogEntryCard | null>(null);
  const newEntry = (
    <Button component={Link} to={shopHref(basePath, "/blogs/crear")} leftSection={<IconPlus size={16} />}>
      {t("blog_new")}
    </Button>
  );
  const remove = async () => {
    if (!deleting) return;
    const done = await run(() => api(blogApi.remove, { params: { slug: shopSlug, entry: deleting.id } }), { success: "blog_deleted" });
    if (done) setDeleting(null);
  };
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader title={t("blog_admin_title")} actions={entries.length > 0 && newEntry} />
        {entries.length === 0 ? (
          <EmptyState icon={<IconNews size={28} />} title={t("blog_admin_empty")} text={t("blog_admin_empty_hint")} action={newEntry} />
        ) : (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: "none" }}>
            {entries.map((entry) => (
              <Paper key={entry.id} withBorder radius="md" p="sm" component="li" data-testid="blog-admin-entry">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Text fw={600} lineClamp={1}>
                      {entry.title}
                    </Text>
                    <Group gap="xs">
                      <Badge size="sm" variant="light" color={entry.state === "published" ? "teal" : "gray"}>
                        {t(entry.state === "published" ? "blog_state_published" : "blog_state_draft")}
                      </Badge>
                      <Text size="xs" c="dimmed">
                        {t("blog_updated_on", { date: formatBlogDate(entry.updated_at, locale) })}
                      </Text>
                    </Group>
                  </Stack>
                  <Group gap={4} wrap="nowrap">
                    <Tooltip label={t("blog_view")}>
                      <ActionIcon
                        component={Link}
                        to={shopHref(basePath, `/blogs/${entry.slug}`)}
                        variant="subtle"
                        aria-label={`${t("blog_view")}: ${entry.title}`}
                      >
                        <IconExternalLink size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t("blog_edit")}>
                      <ActionIcon
                        component={Link}
                        to={shopHref(basePath, `/blogs/${entry.slug}/editar`)}
                        variant="subtle"
                        aria-label={`${t("blog_edit")}: ${entry.title}`}
                      >
                        <IconPencil size={18} />
                      </ActionIcon>
                    </Tooltip>
                    <Tooltip label={t("delete")}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        onClick={() => setDeleting(entry)}
                        aria-label={`${t("delete")}: ${entry.title}`}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </Tooltip>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
        <ListingPagination page={page} total={total} pageSize={pageSize} />
      </Stack>
      <Modal opened={!!deleting} onClose={() => setDeleting(null)} title={t("delete")} centered>
        <Text>{t("blog_delete_confirm", { title: deleting?.title ?? "" })}</Text>
        <DialogActions
          mt="lg"
          cancelLabel={t("cancel")}
          onCancel={() => setDeleting(null)}
          confirmLabel={t("delete")}
          onConfirm={remove}
          busy={busy}
          color="red"
        />
      </Modal>
    </Container>
  );
}
