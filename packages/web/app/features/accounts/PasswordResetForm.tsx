import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { PASSWORD_MIN_LENGTH, PIN_LENGTH } from "@tianguis/domain/rules/registration";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";

/** The PIN sent to `username` and the new password, posted to /password/reset; success signs in. */
export function PasswordResetForm({ username, error }: { username: string; error?: string }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={440} mx="auto" w="100%">
      <Form method="post" noValidate aria-label={t("reset_password_title")}>
        <input type="hidden" name="username" value={username} />
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t("reset_password_title")}
          </Title>
          <Text size="sm">{t("reset_password_sent", { username })}</Text>
          <TextInput
            label={t("field_pin")}
            name="pin"
            required
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="\d{6}"
            maxLength={PIN_LENGTH}
          />
          <PasswordInput
            label={t("reset_password_new")}
            name="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
          />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {t("reset_password_submit")}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/password/forgot" size="sm">
              {t("reset_password_again")}
            </Anchor>
            <Anchor component={Link} to="/login" size="sm">
              {t("back_to_login")}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
