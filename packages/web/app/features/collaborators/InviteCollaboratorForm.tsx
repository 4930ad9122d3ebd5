import { Button, Group, Paper, SegmentedControl, Stack, TextInput, Title } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { collaboratorsApi } from "@tianguis/domain/routes/collaborators";
import type { ShopRole } from "@tianguis/domain/schemas/shop";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { ProfileChoices } from "./ProfileChoices";

type Channel = "email" | "phone";

/** 'Invitar colaborador': an e-mail, or a Mexican phone (country code 52), and one or more profiles. */
export function InviteCollaboratorForm({ slug, profiles }: { slug: string; profiles: { id: ShopRole; name: string }[] }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [channel, setChannel] = useState<Channel>("email");
  const [address, setAddress] = useState("");
  const [chosen, setChosen] = useState<ShopRole[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setErrors({});
    const body = channel === "email" ? { email: address, profiles: chosen } : { phone: address, country_code: "52", profiles: chosen };
    const sent = await run(() => api(collaboratorsApi.invite, { params: { slug }, body }), {
      success: "collaborator_invited",
      onError: (error) => {
        if (error instanceof ApiRequestError && error.body.fields) {
          setErrors(error.body.fields);
          return true;
        }
        return false;
      },
    });
    if (sent) {
      setAddress("");
      setChosen([]);
    }
  };

  const field = channel === "email" ? "email" : "phone";
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={submit} aria-labelledby="invite-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invite-title">
          {t("collaborator_invite")}
        </Title>
        <SegmentedControl
          value={channel}
          onChange={(value) => {
            setChannel(value as Channel);
            setErrors({});
          }}
          aria-label={t("collaborator_invite_by")}
          data={[
            { value: "email", label: t("collaborator_by_email") },
            { value: "phone", label: t("collaborator_by_phone") },
          ]}
          w={{ base: "100%", xs: "auto" }}
        />
        <TextInput
          label={channel === "email" ? t("collaborator_by_email") : t("collaborator_by_phone")}
          type={channel === "email" ? "email" : "tel"}
          inputMode={channel === "email" ? "email" : "numeric"}
          leftSection={channel === "phone" ? "+52" : undefined}
          value={address}
          onChange={(event) => setAddress(event.currentTarget.value)}
          error={errors[field] ?? errors.country_code}
          required
          autoComplete="off"
        />
        <ProfileChoices profiles={profiles} value={chosen} onChange={setChosen} error={errors.profiles} />
        <Group justify="flex-end">
          <Button type="submit" loading={busy} leftSection={<IconSend size={16} />}>
            {t("collaborator_send_invitation")}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
