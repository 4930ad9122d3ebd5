import { Alert, Anchor, Button, Paper, PasswordInput, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { defaultCountry, phoneUsername } from "@tianguis/domain/rules/registration";
import { accountsApi } from "@tianguis/domain/api/accounts";
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { EmailField } from "./EmailField";
import { PhoneField, type PhoneValue } from "./PhoneField";
import { safeNext } from "./next-path";

/** Login with the phone/e-mail toggle (commerce-and-accounts §2); returns to `next` afterwards. */
export function LoginForm({ next }: { next: string }) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [type, setType] = useState<"email" | "phone">("email");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState<PhoneValue>({ ...defaultCountry(locale), phone: "" });
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(undefined);
    const username = type === "email" ? email : phoneUsername(phone.country_code, phone.phone);
    if (!username || !password || (type === "phone" && !phone.phone)) {
      setError(t("required"));
      return;
    }
    setBusy(true);
    try {
      await api(accountsApi.login, { body: { username, password } });
      await revalidator.revalidate();
      await navigate(safeNext(next), { replace: true });
    } catch (failure) {
      setError(failure instanceof ApiRequestError ? failure.body.message : t("unknown"));
      setBusy(false);
    }
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={440} mx="auto" w="100%">
      <form onSubmit={submit} noValidate aria-label={t("login_title")}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t("login_title")}
          </Title>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="login-type-label">
              {t("login_with")}
            </Text>
            <SegmentedControl
              aria-labelledby="login-type-label"
              value={type}
              onChange={(value) => setType(value as "email" | "phone")}
              data={[
                { value: "email", label: t("signup_by_email") },
                { value: "phone", label: t("signup_by_phone") },
              ]}
            />
          </Stack>
          {type === "email" ? (
            <EmailField label={t("field_email")} name="username" required value={email} onChange={setEmail} />
          ) : (
            <PhoneField required value={phone} onChange={setPhone} />
          )}
          <PasswordInput
            label={t("field_password")}
            name="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {t("login_submit")}
          </Button>
          <Anchor component={Link} to="/register" size="sm">
            {t("no_account_yet")}
          </Anchor>
        </Stack>
      </form>
    </Paper>
  );
}
