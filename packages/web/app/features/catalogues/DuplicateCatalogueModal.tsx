import { Button, Group, Modal, Stack, TextInput } from "@mantine/core";
import { type CatalogueView, catalogueName } from "@tianguis/domain/schemas/catalogue";
import { useState } from "react";
import { useNavigate } from "react-router";
import { apiCall } from "../../lib/api.client";
import { useT } from "../../lib/i18n";
import { notifyError, notifySuccess } from "../admin/notify";
import { catalogueHref } from "./CatalogueCard";

/** 'Duplicar catálogo' (level-2 users): copies the catalogue and its items under a new name. */
export function DuplicateCatalogueModal({ shopSlug, basePath, origin, opened, onClose }: { shopSlug: string; basePath: string; origin: CatalogueView; opened: boolean; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState(`${origin.name} (2)`.slice(0, 150));
  const [busy, setBusy] = useState(false);
  const parsed = catalogueName.safeParse(name);
  const submit = async () => {
    if (!parsed.success) return;
    setBusy(true);
    try {
      const copy = await apiCall<CatalogueView>("POST", `/shops/${shopSlug}/catalogues/duplicate`, { origin_id: origin.id, name: parsed.data });
      notifySuccess(t("success_title"), t("catalogue_copied"));
      onClose();
      navigate(catalogueHref(basePath, copy.slug));
    } catch (failure) {
      notifyError(t("error_title"), failure, t("generic_error"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title={t("duplicate_catalogue")}>
      <Stack component="form" onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        <TextInput label={t("catalogue_name")} required value={name} onChange={(event) => setName(event.currentTarget.value)} error={parsed.success ? null : t(parsed.error.issues[0].message)} data-autofocus />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t("cancel")}</Button>
          <Button type="submit" loading={busy}>{t("duplicate_catalogue")}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
