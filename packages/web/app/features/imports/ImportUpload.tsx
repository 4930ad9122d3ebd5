import { Alert, Button, FileInput, Group, Paper, Progress, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet, IconFileZip, IconUpload } from "@tabler/icons-react";
import { photoZipMaxBytes, photoZipMaxTotalBytes } from "@tianguis/domain/rules/photo-zip";
import { importMaxBytes } from "@tianguis/domain/rules/product-import";
import { importsApi } from "@tianguis/domain/routes/imports";
import { messageCode } from "@tianguis/domain/messages/index";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError, urlOf } from "../../lib/api/client";
import { uploadWithProgress } from "../../lib/api/upload";
import { useT } from "../../lib/i18n";

const MB = 1024 * 1024;

/**
 * The template's two downloads, the file to check and, next to it, the ZIP of photos its 'fotos' column may name; both
 * upload with a progress bar. The dry run answers the import's id, which the page then follows (?carga={id}), so a
 * reload shows the same dry run with each row's result. A file the API refuses shows its coded reason here.
 */
export function ImportUpload({ slug }: { slug: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setPercent(0);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file);
      if (photos) form.append("photos", photos);
      const view = await uploadWithProgress(importsApi.create, { slug }, form, setPercent);
      setFile(null);
      setPhotos(null);
      navigate(`?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), carga: view.id })}`);
    } catch (caught) {
      const body = caught instanceof ApiRequestError ? caught.body : null;
      setError(body?.message || t(messageCode(body?.code)));
    } finally {
      setPercent(null);
    }
  };
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          {(["csv", "xlsx"] as const).map((format) => (
            <Button
              key={format}
              component="a"
              href={urlOf(importsApi.template, { query: { format } })}
              download
              variant="light"
              size="sm"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            >
              {t(format === "csv" ? "imports_template_csv" : "imports_template_xlsx")}
            </Button>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {t("imports_columns_hint")}
        </Text>
        <form onSubmit={check}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label={t("imports_file_label")}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              value={file}
              onChange={(chosen) => {
                setError(null);
                if (chosen && chosen.size > importMaxBytes) setError(t("import_file_too_large", { max: importMaxBytes / MB }));
                setFile(chosen && chosen.size <= importMaxBytes ? chosen : null);
              }}
              clearable
              clearButtonProps={{ "aria-label": t("imports_clear_file") }}
              miw={260}
              style={{ flex: 1 }}
            />
            <FileInput
              label={t("imports_photos_label")}
              accept=".zip,application/zip,application/x-zip-compressed"
              value={photos}
              onChange={(chosen) => {
                setError(null);
                if (chosen && chosen.size > photoZipMaxBytes)
                  setError(t("import_zip_too_large", { max: photoZipMaxBytes / MB, total: photoZipMaxTotalBytes / MB }));
                setPhotos(chosen && chosen.size <= photoZipMaxBytes ? chosen : null);
              }}
              leftSection={<IconFileZip size={16} aria-hidden />}
              clearable
              clearButtonProps={{ "aria-label": t("imports_clear_photos") }}
              miw={220}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!file} loading={percent !== null} leftSection={<IconUpload size={16} aria-hidden />}>
              {t("imports_check")}
            </Button>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {t("imports_photos_hint")}
          </Text>
        </form>
        {percent !== null && (
          <Stack gap={4}>
            <Text size="sm" aria-live="polite">
              {t("imports_uploading", { percent })}
            </Text>
            <Progress value={percent} size="sm" animated aria-label={t("imports_uploading", { percent })} />
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
