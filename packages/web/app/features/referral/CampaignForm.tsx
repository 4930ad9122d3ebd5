import { Modal, Stack, Text, TextInput } from "@mantine/core";
import { campaignName, campaignNameMax } from "@tianguis/domain/rules/referral";
import type { CampaignView } from "@tianguis/domain/schemas/referral";
import { useEffect, useState } from "react";
import { ApiRequestError } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { hasMessage } from "@tianguis/domain/messages/index";
import { DialogActions } from "../../ui/DialogActions";

export interface CampaignFormValues {
  name: string;
  url: string;
}

/** Create or edit a campaign: name (cut to 100 characters as typed) and a page of this site. */
export function CampaignForm({
  opened,
  campaign,
  busy,
  onClose,
  onSubmit,
}: {
  opened: boolean;
  campaign: CampaignView | null;
  busy: boolean;
  onClose: () => void;
  /** Resolves to the API failure (for field errors) or null on success. */
  onSubmit: (values: CampaignFormValues) => Promise<unknown>;
}) {
  const t = useT();
  const [values, setValues] = useState<CampaignFormValues>({ name: "", url: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof CampaignFormValues, string>>>({});
  useEffect(() => {
    if (opened) {
      setValues({ name: campaign?.name ?? "", url: campaign?.url ?? "" });
      setErrors({});
    }
  }, [opened, campaign]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const problems: typeof errors = {};
    if (!values.name.trim()) problems.name = t("required");
    if (!values.url.trim()) problems.url = t("required");
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const failure = await onSubmit({ name: campaignName(values.name), url: values.url.trim() });
    const codes = failure instanceof ApiRequestError ? failure.body.field_codes : undefined;
    if (codes)
      setErrors({
        name: codes.name && hasMessage(codes.name) ? t(codes.name) : undefined,
        url: codes.url && hasMessage(codes.url) ? t(codes.url) : undefined,
      });
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t(campaign ? "campaign_edit" : "campaign_new")} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t("campaign_name")}
            value={values.name}
            onChange={(event) => setValues({ ...values, name: Array.from(event.currentTarget.value).slice(0, campaignNameMax).join("") })}
            error={errors.name}
            required
            data-autofocus
            description={<Text span size="xs">{`${Array.from(values.name).length}/${campaignNameMax}`}</Text>}
          />
          <TextInput
            label={t("campaign_url")}
            description={t("campaign_url_hint")}
            value={values.url}
            onChange={(event) => setValues({ ...values, url: event.currentTarget.value })}
            error={errors.url}
            required
          />
          <DialogActions mt="sm" cancelLabel={t("cancel")} onCancel={onClose} confirmLabel={t("save")} busy={busy} />
        </Stack>
      </form>
    </Modal>
  );
}
