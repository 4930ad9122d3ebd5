import { Alert, Button, FileInput, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { importMaxBytes } from "@tianguis/domain/rules/product-import";
import { importsApi } from "@tianguis/domain/routes/imports";
import { messageCode } from "@tianguis/domain/messages/index";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ApiRequestError, api, urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";

/**
 * The template's two downloads and the file to check: the dry run answers the import's id, which the page then follows
 * (?carga={id}), so a reload shows the same dry run. A file the API refuses shows its coded reason here.
 */
export function ImportUpload({ slug }: { slug: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const form = new FormData();
      form.append("file", file);
      const view = await api(importsApi.create, { params: { slug }, body: form });
      setFile(null);
      navigate(`?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), carga: view.id })}`);
    } catch (caught) {
      const body = caught instanceof ApiRequestError ? caught.body : null;
      setError(body?.message || t(messageCode(body?.code)));
    } finally {
      setBusy(false);
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
                if (chosen && chosen.size > importMaxBytes) setError(t("import_file_too_large", { max: importMaxBytes / 1024 / 1024 }));
                setFile(chosen && chosen.size <= importMaxBytes ? chosen : null);
              }}
              clearable
              clearButtonProps={{ "aria-label": t("imports_clear_file") }}
              miw={260}
              style={{ flex: 1 }}
            />
            <Button type="submit" disabled={!file} loading={busy} leftSection={<IconUpload size={16} aria-hidden />}>
              {t("imports_check")}
            </Button>
          </Group>
        </form>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
