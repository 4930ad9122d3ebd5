import { Alert, Anchor, Button, Group, Paper, PasswordInput, Stack, Title } from "@mantine/core";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { useT } from "../../lib/i18n";
import { UsernameFields } from "./UsernameFields";

/**
 * Login with the phone/e-mail toggle (commerce-and-accounts §2). It posts to the /login route's action, so it
 * works before hydration too; the action returns to `next` or answers `error`. Inside the storefront's sign-up modal
 * (`onSignup`) it posts through a fetcher and the visitor stays on the page, signed in; 'no account yet' goes back to the
 * sign-up form.
 */
export function LoginForm({ next, error, onSignup }: { next: string; error?: string; onSignup?: () => void }) {
  const t = useT();
  const navigation = useNavigation();
  const fetcher = useFetcher<{ error?: string }>();
  const inModal = onSignup !== undefined;
  const FormElement = inModal ? fetcher.Form : Form;
  const busy = inModal ? fetcher.state !== "idle" : navigation.state !== "idle" && navigation.formAction !== undefined;
  const failure = inModal ? fetcher.data?.error : error;
  return (
    <Paper withBorder={!inModal} radius="md" p={inModal ? 0 : { base: "md", sm: "xl" }} maw={440} mx="auto" w="100%">
      <FormElement method="post" action={inModal ? "/login" : undefined} noValidate aria-label={t("login_title")}>
        <input type="hidden" name="next" value={next} />
        <Stack gap="sm">
          {!inModal && (
            <Title order={1} size="h2">
              {t("login_title")}
            </Title>
          )}
          <UsernameFields id="login" label={t("login_with")} />
          <PasswordInput label={t("field_password")} name="password" autoComplete="current-password" required />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {t("login_submit")}
          </Button>
          <Group justify="space-between" gap="xs">
            {inModal ? (
              <Anchor component="button" type="button" size="sm" onClick={onSignup}>
                {t("no_account_yet")}
              </Anchor>
            ) : (
              <Anchor component={Link} to="/register" size="sm">
                {t("no_account_yet")}
              </Anchor>
            )}
            <Anchor component={Link} to="/password/forgot" size="sm">
              {t("forgot_password_link")}
            </Anchor>
          </Group>
        </Stack>
      </FormElement>
    </Paper>
  );
}
