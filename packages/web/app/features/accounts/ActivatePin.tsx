import { Alert, Anchor, Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { pinTarget } from "@tianguis/domain/rules/registration";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { SignupType } from "@tianguis/domain/schemas/accounts";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmailField } from "./EmailField";
import { PhoneField, type PhoneValue } from "./PhoneField";
import { SettingUp } from "./SettingUp";
import { intentFrom } from "../../lib/signup-intent";
import { trackRegistration } from "./registration-pixel";
import { activatePin, useEnterAccount } from "./activation";

function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.body.message : fallback;
}

/**
 * /register/activate/: the 6-digit PIN for the sign-up in the query (code, can_skip_pin, type, phone,
 * username, country_code, country, full_name); resend, correct the destination, or skip when allowed.
 */
export function ActivatePin() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const type: SignupType = params.get("type") === "phone" ? "phone" : "email";
  const code = params.get("code") ?? "";
  const canSkip = params.get("can_skip_pin") === "true";
  const [pin, setPin] = useState("");
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [busy, setBusy] = useState<"confirm" | "resend" | "skip">();
  const [editing, setEditing] = useState(false);
  const [email, setEmail] = useState(params.get("username") ?? "");
  const [phone, setPhone] = useState<PhoneValue>({
    country: params.get("country") ?? "MX",
    country_code: params.get("country_code") ?? "52",
    phone: params.get("phone") ?? "",
  });
  const account = useEnterAccount();
  const target = pinTarget(type, {
    email: params.get("username") ?? "",
    phone: params.get("phone") ?? "",
    country_code: params.get("country_code") ?? "",
  });

  async function confirm(withPin: boolean) {
    setError(undefined);
    setNotice(undefined);
    if (withPin && !/^\d{6}$/.test(pin)) {
      setError(t("invalid_pin_format"));
      return;
    }
    setBusy(withPin ? "confirm" : "skip");
    try {
      const answer = await activatePin(code, type, withPin ? pin : undefined);
      await account.enter(answer.user, intentFrom(params));
    } catch (failure) {
      setError(messageOf(failure, t("invalid_pin")));
      trackRegistration(intentFrom(params), false);
      setBusy(undefined);
    }
  }

  async function resend(changeTarget: boolean) {
    setError(undefined);
    setNotice(undefined);
    setBusy("resend");
    try {
      const body = changeTarget ? (type === "email" ? { code, email } : { code, ...phone }) : { code };
      const answer = await api(accountsApi.resendPin, { body });
      const next = new URLSearchParams(params);
      next.set("code", answer.code);
      next.set("can_skip_pin", String(answer.can_skip_pin));
      if (changeTarget && type === "email") next.set("username", email);
      if (changeTarget && type === "phone") for (const [key, value] of Object.entries(phone)) next.set(key, value);
      setParams(next, { replace: true });
      setEditing(false);
      setPin("");
      setNotice(t("activate_resent"));
    } catch (failure) {
      setError(messageOf(failure, t("unknown")));
    }
    setBusy(undefined);
  }

  if (account.settingUp) return <SettingUp />;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={480} mx="auto" w="100%">
      <Stack gap="sm">
        <Title order={1} size="h2">
          {t("activate_title")}
        </Title>
        <Text>{t("activate_sent_to", { target })}</Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void confirm(true);
          }}
        >
          <Stack gap="sm">
            <TextInput
              label={t("field_pin")}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required={!canSkip}
              value={pin}
              onChange={(event) => setPin(event.currentTarget.value.replace(/\D/g, "").slice(0, 6))}
              styles={{ input: { letterSpacing: "0.4em", fontSize: 22, textAlign: "center" } }}
            />
            {error && (
              <Alert color="red" role="alert">
                {error}
              </Alert>
            )}
            {notice && (
              <Alert color="teal" role="status">
                {notice}
              </Alert>
            )}
            <Button type="submit" loading={busy === "confirm"} size="md">
              {t("activate_submit")}
            </Button>
          </Stack>
        </form>
        <Text size="sm" c="dimmed">
          {t("activate_expiry_note")}
        </Text>
        <Group gap="sm">
          <Button variant="light" onClick={() => resend(false)} loading={busy === "resend" && !editing}>
            {t("activate_resend")}
          </Button>
          <Anchor component="button" type="button" size="sm" onClick={() => setEditing((value) => !value)} aria-expanded={editing}>
            {t("activate_edit")}
          </Anchor>
          {canSkip && (
            <Button variant="subtle" onClick={() => confirm(false)} loading={busy === "skip"}>
              {t("activate_skip")}
            </Button>
          )}
        </Group>
        {editing && (
          <Stack gap="xs">
            {type === "email" ? (
              <EmailField label={t("field_email")} value={email} onChange={setEmail} />
            ) : (
              <PhoneField value={phone} onChange={setPhone} />
            )}
            <Button variant="outline" onClick={() => resend(true)} loading={busy === "resend" && editing}>
              {t("activate_edit_save")}
            </Button>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
