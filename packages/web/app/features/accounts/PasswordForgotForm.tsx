import { Alert, Anchor, Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { UsernameFields } from "./UsernameFields";

/** '¿Olvidaste tu contraseña?': the account's e-mail or phone, posted to /password/forgot for a 6-digit PIN. */
export function PasswordForgotForm({ error }: { error?: string }) {
  const t = useT();
  const busy = useNavigation().state !== "idle";
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={440} mx="auto" w="100%">
      <Form method="post" noValidate aria-label={t("forgot_password_title")}>
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t("forgot_password_title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("forgot_password_intro")}
          </Text>
          <UsernameFields id="forgot" label={t("login_with")} />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {t("forgot_password_submit")}
          </Button>
          <Anchor component={Link} to="/login" size="sm">
            {t("back_to_login")}
          </Anchor>
        </Stack>
      </Form>
    </Paper>
  );
}
