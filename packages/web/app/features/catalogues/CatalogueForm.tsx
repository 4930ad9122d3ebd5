import { Stack, TextInput } from "@mantine/core";
import { type CatalogueView, catalogueInput, catalogueNameMax } from "@tianguis/domain/schemas/catalogue";
import { useState } from "react";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { ApiRequestError, api } from "../../lib/api/client";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { ImageUpload } from "../../ui/ImageUpload";
import { useMutation } from "../../ui/useMutation";
import { DialogActions } from "../../ui/DialogActions";

/** New/edit catalogue: name required ('*'), at most 150; photo a valid URL; save disabled while uploading. */
export function CatalogueForm({
  shopSlug,
  catalogue,
  onSaved,
  onCancel,
}: {
  shopSlug: string;
  catalogue: CatalogueView | null;
  onSaved: (saved: CatalogueView) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const [name, setName] = useState(catalogue?.name ?? "");
  const [photo, setPhoto] = useState<string | null>(catalogue?.photo ?? null);
  const [touched, setTouched] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const { run, busy: saving } = useMutation();
  const parsed = catalogueInput.safeParse({ name, photo });
  const nameIssue = parsed.success ? null : parsed.error.issues.find((issue) => issue.path[0] === "name");
  const nameError = serverError ?? (touched && nameIssue ? t(messageCode(nameIssue.message)) : null);
  const submit = async () => {
    setTouched(true);
    if (!parsed.success) return;
    const body = parsed.data;
    await run(
      () =>
        catalogue
          ? api(cataloguesApi.update, { params: { slug: shopSlug, id: catalogue.id }, body })
          : api(cataloguesApi.create, { params: { slug: shopSlug }, body }),
      {
        revalidate: false,
        onSuccess: onSaved,
        onError: (failure) => {
          if (!(failure instanceof ApiRequestError && failure.body.fields?.name)) return false;
          setServerError(t("invalid_name"));
          return true;
        },
      },
    );
  };
  return (
    <Stack
      component="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextInput
        label={t("catalogue_name")}
        required
        value={name}
        maxLength={catalogueNameMax + 10}
        description={`${name.length}/${catalogueNameMax}`}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setServerError(null);
        }}
        onBlur={() => setTouched(true)}
        error={nameError}
        data-autofocus
      />
      <ImageUpload
        label={t("catalogue_photo")}
        hint="400x200"
        value={photo}
        onUploading={setUploading}
        onChange={(image) => setPhoto(image?.url ?? null)}
      />
      <DialogActions cancelLabel={t("cancel")} onCancel={onCancel} confirmLabel={t("save")} busy={saving} disabled={uploading} />
    </Stack>
  );
}
