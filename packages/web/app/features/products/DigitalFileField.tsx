import { Alert, Button, FileButton, Group, Paper, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconFileDownload, IconTrash, IconUpload } from "@tabler/icons-react";
import { downloadsApi } from "@tianguis/domain/routes/downloads";
import { digitalFileAccept, digitalFileMaxBytes, digitalFileMaxMb, digitalFileType } from "@tianguis/domain/rules/digital-delivery";
import type { Locale } from "@tianguis/domain/locale";
import type { DigitalFileView } from "@tianguis/domain/schemas/download";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { uploadWithProgress } from "../../lib/api/upload";
import { useLocale, useT } from "../../lib/i18n";
import { notifySuccess } from "../../ui/notify";
import { numberFormat } from "../../lib/intl";

const localeTags: Record<Locale, string> = { es: "es-MX", en: "en-US", "es-AR": "es-AR" };

/** 1536 → "1.5 KB", in the visitor's number format. */
function fileSize(bytes: number, locale: Locale): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "MB"] : [Math.max(bytes / 1024, 0.1), "KB"];
  return `${numberFormat(localeTags[locale], { maximumFractionDigits: 1 }).format(value)} ${unit}`;
}

/**
 * The file a digital item delivers after payment: upload with progress, the current file's name and size, replace and
 * remove. The item must be saved as digital first (the file belongs to a stored item). Errors read in the user's language.
 */
export function DigitalFileField({
  shopSlug,
  productId,
  initial,
}: {
  shopSlug: string;
  /** Null until the item is saved as a digital item. */
  productId: string | null;
  initial: DigitalFileView | null;
}) {
  const t = useT();
  const locale = useLocale();
  const [file, setFile] = useState<DigitalFileView | null>(initial);
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null);
  const [removing, setRemoving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const failure = (caught: unknown) =>
    setError(caught instanceof ApiRequestError && caught.body.message ? caught.body.message : t("digital_file_upload_failed"));

  const upload = async (chosen: File | null) => {
    if (!chosen || !productId) return;
    setError(null);
    if (!digitalFileType(chosen.name) || chosen.size === 0 || chosen.size > digitalFileMaxBytes) {
      return setError(t("digital_file_rejected", { max: digitalFileMaxMb }));
    }
    const form = new FormData();
    form.append("file", chosen, chosen.name);
    setProgress({ name: chosen.name, percent: 0 });
    try {
      const result = await uploadWithProgress(downloadsApi.upload, { slug: shopSlug, id: productId }, form, (percent) =>
        setProgress({ name: chosen.name, percent }),
      );
      setFile(result.file);
      notifySuccess(t("success_title"), t("digital_file_saved"));
    } catch (caught) {
      failure(caught);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!productId) return;
    setError(null);
    setRemoving(true);
    try {
      await api(downloadsApi.remove, { params: { slug: shopSlug, id: productId } });
      setFile(null);
      notifySuccess(t("success_title"), t("digital_file_removed"));
    } catch (caught) {
      failure(caught);
    } finally {
      setRemoving(false);
    }
  };

  const busy = progress !== null || removing;
  const chooser = (label: string, variant: "filled" | "light") => (
    <FileButton onChange={upload} accept={digitalFileAccept.join(",")} disabled={busy}>
      {(props) => (
        <Button {...props} variant={variant} leftSection={<IconUpload size={16} />} disabled={busy}>
          {label}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Stack gap="sm" component="section" aria-labelledby="digital-file-title">
      <Stack gap={2}>
        <Title order={2} size="h5" id="digital-file-title">
          {t("digital_file_title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("digital_file_hint", { max: digitalFileMaxMb })}
        </Text>
      </Stack>
      {!productId ? (
        <Text size="sm">{t("digital_file_save_first")}</Text>
      ) : (
        <>
          {file ? (
            <Paper withBorder radius="md" p="sm">
              <Group wrap="nowrap" gap="sm">
                <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                  <IconFileDownload size={20} />
                </ThemeIcon>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} size="sm" truncate="end" data-testid="digital-file-name">
                    {file.file_name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {fileSize(file.size, locale)} · {new Date(file.uploaded_at).toLocaleDateString(localeTags[locale])}
                  </Text>
                </Stack>
              </Group>
            </Paper>
          ) : (
            <Text size="sm" c="dimmed">
              {t("digital_file_none")}
            </Text>
          )}
          {progress && (
            <Stack gap={4} aria-live="polite">
              <Text size="xs">{t("digital_file_uploading", { name: progress.name, percent: progress.percent })}</Text>
              <Progress value={progress.percent} size="sm" animated aria-label={progress.name} />
            </Stack>
          )}
          {error && (
            <Alert color="red" role="alert" p="xs">
              {error}
            </Alert>
          )}
          <Group gap="xs">
            {chooser(t(file ? "digital_file_replace" : "digital_file_upload"), file ? "light" : "filled")}
            {file && (
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={remove}
                loading={removing}
                disabled={busy}
              >
                {t("digital_file_remove")}
              </Button>
            )}
          </Group>
        </>
      )}
    </Stack>
  );
}
