import { Button, Group, Stack, TextInput } from "@mantine/core";
import { type CatalogueView, catalogueInput, catalogueNameMax } from "@tianguis/domain/schemas/catalogue";
import { useState } from "react";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { ImageUpload } from "../admin/ImageUpload";
import { notifyError } from "../admin/notify";

/** New/edit catalogue: name required ('*'), at most 150; photo a valid URL; save disabled while uploading. */
export function CatalogueForm({ shopSlug, catalogue, onSaved, onCancel }: { shopSlug: string; catalogue: CatalogueView | null; onSaved: (saved: CatalogueView) => void; onCancel: () => void }) {
  const t = useT();
  const [name, setName] = useState(catalogue?.name ?? "");
  const [photo, setPhoto] = useState<string | null>(catalogue?.photo ?? null);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const parsed = catalogueInput.safeParse({ name, photo });
  const nameIssue = parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === "name");
  const nameError = serverError ?? (touched && nameIssue ? t(nameIssue.message) : null);
  const submit = async () => {
    setTouched(true);
    if (!parsed.success) return;
    setSaving(true);
    try {
      const saved = catalogue
        ? await apiCall<CatalogueView>("PATCH", `/shops/${shopSlug}/catalogues/${catalogue.id}`, parsed.data)
        : await apiCall<CatalogueView>("POST", `/shops/${shopSlug}/catalogues`, parsed.data);
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.body.fields?.name) setServerError(t("invalid_name"));
      else notifyError(t("error_title"), failure, t("generic_error"));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack component="form" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
      <TextInput
        label={t("catalogue_name")}
        required
        value={name}
        maxLength={catalogueNameMax + 10}
        description={`${name.length}/${catalogueNameMax}`}
        onChange={(event) => { setName(event.currentTarget.value); setServerError(null); }}
        onBlur={() => setTouched(true)}
        error={nameError}
        data-autofocus
      />
      <ImageUpload label={t("catalogue_photo")} hint="400x200" value={photo} onUploading={setUploading} onChange={(image) => setPhoto(image?.url ?? null)} />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>{t("cancel")}</Button>
        <Button type="submit" loading={saving} disabled={uploading}>{t("save")}</Button>
      </Group>
    </Stack>
  );
}
