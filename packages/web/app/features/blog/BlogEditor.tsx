import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { blogApi } from "@tianguis/domain/routes/blog";
import { type BlogState, blogSlowRequestMs, blogTitleMax, completeDocLinks } from "@tianguis/domain/rules/blog";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { type BlogDoc, type BlogEntryView, emptyBlogDoc } from "@tianguis/domain/schemas/blog";
import type { JSONContent } from "@tiptap/react";
import { Suspense, lazy, useId, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { ImageUpload, uploadToGallery } from "../../ui/ImageUpload";
import { notifyError, notifySuccess, notifyWarning } from "../../ui/notify";
import { UnsavedChangesGuard } from "./UnsavedChangesGuard";

const RichTextField = lazy(() => import("./RichTextField"));

/**
 * Runs a request and, when it takes longer than blogSlowRequestMs, warns that it 'is being attended but may take
 * longer' (commerce-and-accounts §8 'Blog') while it keeps waiting.
 */
export async function withSlowWarning<T>(request: Promise<T>, warn: () => void): Promise<T> {
  const timer = setTimeout(warn, blogSlowRequestMs);
  try {
    return await request;
  } finally {
    clearTimeout(timer);
  }
}

type Fields = Record<string, string>;

function snapshot(title: string, cover: string | null, doc: JSONContent): string {
  return JSON.stringify([title, cover, doc]);
}

function fieldError(fields: Fields, prefix: string): string | null {
  const key = Object.keys(fields).find((name) => name === prefix || name.startsWith(`${prefix}.`) || name.startsWith(`${prefix}_`));
  return key ? fields[key] : null;
}

/**
 * {base}/blogs/crear and {base}/blogs/{entry}/editar: title, cover image (gallery), the rich-text body, and save as a
 * draft or publish. A publication with nothing to read comes back as the incomplete_request warning; a slow save warns
 * that it may take longer; other failures show the API's message under the field or in an error toast.
 */
export function BlogEditor({ shopSlug, basePath, entry }: { shopSlug: string; basePath: string; entry: BlogEntryView | null }) {
  const t = useT();
  const navigate = useNavigate();
  const bodyLabelId = useId();
  const [title, setTitle] = useState(entry?.title ?? "");
  const [cover, setCover] = useState<{ url: string; id: string | null } | null>(
    entry?.cover_image ? { url: entry.cover_image, id: entry.cover_image_id } : null,
  );
  const [doc, setDoc] = useState<JSONContent>((entry?.body ?? emptyBlogDoc) as JSONContent);
  const [busy, setBusy] = useState<BlogState | null>(null);
  const [uploading, setUploading] = useState(false);
  const [fields, setFields] = useState<Fields>({});
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // What was last saved (or loaded): the guard asks before leaving while the form differs from it.
  const [saved, setSaved] = useState(() => snapshot(title, cover?.url ?? null, doc));
  const dirty = useMemo(() => snapshot(title, cover?.url ?? null, doc) !== saved, [title, cover, doc, saved]);
  const warnSlow = () => notifyWarning(t("blog_warning_title"), t("blog_request_slow"), 7000);

  const uploadBodyImage = async (file: File) => {
    setUploading(true);
    try {
      return (await withSlowWarning(uploadToGallery(file, file.name), warnSlow)).url;
    } catch (failure) {
      notifyError(t("error_title"), failure, t("photo_update_failed"));
      return null;
    } finally {
      setUploading(false);
    }
  };

  const save = async (state: BlogState) => {
    setBusy(state);
    setFields({});
    const body = {
      title,
      cover_image: cover?.url ?? null,
      cover_image_id: cover?.id ?? null,
      body: completeDocLinks(doc) as BlogDoc,
      state,
    };
    try {
      const saved = await withSlowWarning(
        entry
          ? api(blogApi.update, { params: { slug: shopSlug, entry: entry.id }, body })
          : api(blogApi.create, { params: { slug: shopSlug }, body, headers: { "Idempotency-Key": idempotencyKey } }),
        warnSlow,
      );
      notifySuccess(t("success_title"), t(state === "published" ? "blog_published" : "blog_saved"));
      setSaved(snapshot(body.title, body.cover_image, doc));
      const target = state === "published" ? `/blogs/${saved.slug}` : `/blogs/${saved.slug}/editar`;
      navigate(shopHref(basePath, target), { replace: !entry && state === "draft" });
    } catch (failure) {
      const error = failure instanceof ApiRequestError ? failure.body : null;
      setFields(error?.fields ?? {});
      if (error?.code === "incomplete_request") notifyWarning(t("blog_warning_title"), error.message, 7000);
      else notifyError(t("error_title"), failure, t("unknown"));
    } finally {
      setBusy(null);
    }
  };

  const published = entry?.state === "published";
  const bodyError = fieldError(fields, "body");
  const disabled = busy !== null || uploading;
  return (
    <Stack gap="lg">
      <UnsavedChangesGuard dirty={dirty && busy === null} />
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {entry ? t("blog_edit") : t("blog_new")}
        </Title>
        {entry && (
          <Badge color={published ? "teal" : "gray"} variant="light">
            {t(published ? "blog_state_published" : "blog_state_draft")}
          </Badge>
        )}
      </Group>
      <Paper withBorder radius="md" p={{ base: "sm", sm: "lg" }}>
        <Stack gap="md">
          <TextInput
            label={t("blog_field_title")}
            required
            value={title}
            maxLength={blogTitleMax}
            onChange={(event) => setTitle(event.currentTarget.value)}
            error={fieldError(fields, "title")}
          />
          <ImageUpload
            label={t("blog_field_cover")}
            hint={t("blog_cover_hint")}
            value={cover?.url ?? null}
            height={160}
            onUploading={setUploading}
            onChange={(image) => setCover(image ? { url: image.url, id: image.id } : null)}
            error={fieldError(fields, "cover_image")}
          />
          {cover && (
            <Group>
              <Button variant="subtle" color="red" size="xs" onClick={() => setCover(null)}>
                {t("blog_remove_cover")}
              </Button>
            </Group>
          )}
          <Stack gap={4}>
            <Text size="sm" fw={500} id={bodyLabelId}>
              {t("blog_field_body")}
            </Text>
            <Suspense fallback={<Skeleton height={330} radius="sm" aria-busy="true" />}>
              <RichTextField
                labelId={bodyLabelId}
                initial={doc}
                onChange={(next) => {
                  setDoc(next);
                  if (bodyError) setFields((current): Fields => (current.title ? { title: current.title } : {}));
                }}
                onImage={uploadBodyImage}
                invalid={!!bodyError}
              />
            </Suspense>
            {uploading && (
              <Text size="xs" c="dimmed" role="status">
                {t("blog_image_uploading")}
              </Text>
            )}
            {bodyError && (
              <Alert color="red" variant="light" p="xs" role="alert">
                {bodyError}
              </Alert>
            )}
          </Stack>
        </Stack>
      </Paper>
      <Group justify="flex-end" gap="sm">
        {published ? (
          <>
            <Button variant="default" onClick={() => save("draft")} loading={busy === "draft"} disabled={disabled}>
              {t("blog_unpublish")}
            </Button>
            <Button onClick={() => save("published")} loading={busy === "published"} disabled={disabled}>
              {t("blog_save_published")}
            </Button>
          </>
        ) : (
          <>
            <Button variant="default" onClick={() => save("draft")} loading={busy === "draft"} disabled={disabled}>
              {t("blog_save_draft")}
            </Button>
            <Button onClick={() => save("published")} loading={busy === "published"} disabled={disabled}>
              {t("blog_publish")}
            </Button>
          </>
        )}
      </Group>
    </Stack>
  );
}
