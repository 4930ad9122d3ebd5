import { Modal, Stack, TextInput } from "@mantine/core";
import { type CatalogueView, catalogueName } from "@tianguis/domain/schemas/catalogue";
import { useState } from "react";
import { useNavigate } from "react-router";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { ApiRequestError, api } from "../../lib/api/client";
import { messageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { catalogueHref } from "./CatalogueCard";
import { DialogActions } from "../../ui/DialogActions";

/** 'Duplicar catálogo' (level-2 users): copies the catalogue and its items under a new name. */
export function DuplicateCatalogueModal({
  shopSlug,
  basePath,
  origin,
  opened,
  onClose,
}: {
  shopSlug: string;
  basePath: string;
  origin: CatalogueView;
  opened: boolean;
  onClose: () => void;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState(`${origin.name} (2)`.slice(0, 150));
  const [serverError, setServerError] = useState<string | null>(null);
  const { run, busy } = useMutation();
  const parsed = catalogueName.safeParse(name);
  const submit = async () => {
    if (!parsed.success) return;
    await run(() => api(cataloguesApi.duplicate, { params: { slug: shopSlug }, body: { origin_id: origin.id, name: parsed.data } }), {
      success: "catalogue_copied",
      revalidate: false,
      onError: (failure) => {
        if (!(failure instanceof ApiRequestError && failure.body.fields?.name)) return false;
        setServerError(t("invalid_name"));
        return true;
      },
      onSuccess: (copy) => {
        onClose();
        navigate(catalogueHref(basePath, copy.slug));
      },
    });
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("duplicate_catalogue")}>
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
          onChange={(event) => {
            setName(event.currentTarget.value);
            setServerError(null);
          }}
          error={parsed.success ? serverError : t(messageCode(parsed.error.issues[0].message))}
          data-autofocus
        />
        <DialogActions cancelLabel={t("cancel")} onCancel={onClose} confirmLabel={t("duplicate_catalogue")} busy={busy} />
      </Stack>
    </Modal>
  );
}
