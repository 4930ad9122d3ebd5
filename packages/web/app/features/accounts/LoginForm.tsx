import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { Form, Link, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { UsernameFields } from "./UsernameFields";

/**
 * Login with the phone/e-mail toggle (commerce-and-accounts §2). It posts to the /login route's action, so it
 * works before hydration too; the action returns to `next` or answers `error`.
 */
export function LoginForm({ next, error }: { next: string; error?: string }) {
  const t = useT();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction !== undefined;
  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} maw={440} mx="auto" w="100%">
      <Form method="post" noValidate aria-label={t("login_title")}>
        <input type="hidden" name="next" value={next} />
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t("login_title")}
          </Title>
          <UsernameFields id="login" label={t("login_with")} />
          <PasswordInput label={t("field_password")} name="password" autoComplete="current-password" required />
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {t("login_submit")}
          </Button>
          <Group justify="space-between" gap="xs">
            <Anchor component={Link} to="/register" size="sm">
              {t("no_account_yet")}
            </Anchor>
            <Anchor component={Link} to="/password/forgot" size="sm">
              {t("forgot_password_link")}
            </Anchor>
          </Group>
        </Stack>
      </Form>
    </Paper>
  );
}
