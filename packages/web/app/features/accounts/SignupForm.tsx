import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Paper,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { defaultCountry, phoneCountries } from "@tianguis/domain/rules/registration";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { EmailField } from "./EmailField";
import { PhoneField } from "./PhoneField";
import { ShopFields } from "./ShopFields";
import { SettingUp } from "./SettingUp";
import { activatePin, useEnterAccount } from "./activation";
import { type SignupValues, activationHref, signupPayload, signupUsername, validateSignup } from "./signup";
import { useFormErrors } from "./useFormErrors";
import { intentQuery } from "../../lib/signup-intent";
import { useShop } from "../../lib/useShop";
import { trackRegistration } from "./registration-pixel";
import type { SignupIntent } from "@tianguis/domain/schemas/package";

/**
 * Sign-up with the phone-or-e-mail switch, full name, password and terms (commerce-and-accounts §2).
 * With 'create store now' it asks for a phone and the store's name and address.
 */
export function SignupForm({
  createShopOnSignup = false,
  inModal = false,
  serverError,
  intent: landingIntent = {},
  title,
  submitLabel,
  onLogin,
}: {
  createShopOnSignup?: boolean;
  inModal?: boolean;
  /** The /register action's answer to a sign-up posted before hydration. */
  serverError?: string;
  /** What a landing carried (plan, landing, package, referral): sent with the sign-up and kept through the PIN. */
  intent?: SignupIntent;
  /** A landing's own heading and button label. */
  title?: string;
  submitLabel?: string;
  /** Inside the storefront's modal: 'already have an account' turns the modal into the login form, on the same page. */
  onLogin?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const navigate = useNavigate();
  // A sign-up made in a shop reports to that shop's Facebook pixel (commerce-and-accounts L92).
  const shopPixel = useShop()?.shop.fb_pixel;
  const intent: SignupIntent = shopPixel && !landingIntent.pixel ? { ...landingIntent, pixel: shopPixel } : landingIntent;
  const country = defaultCountry(locale);
  const [values, setValues] = useState<SignupValues>({
    type: createShopOnSignup ? "phone" : "email",
    full_name: "",
    email: "",
    phone: {
      country: country.country,
      country_code: phoneCountries.find((entry) => entry.country === country.country)?.country_code ?? country.country_code,
      phone: "",
    },
    password: "",
    tac: false,
    createShop: createShopOnSignup,
    store: { name: "", slug: "", slugEdited: false },
  });
  const [slugCheck, setSlugCheck] = useState<{ exists: boolean } | null>(null);
  const [failure, setFailure] = useState<MessageCode>();
  const [busy, setBusy] = useState(false);
  const account = useEnterAccount();
  const form = useFormErrors(() => validateSignup(values, slugCheck));
  const fieldError = (field: string) => {
    const code = form.errorOf(field);
    return code ? t(code) : undefined;
  };
  const update = (patch: Partial<SignupValues>) => setValues((current) => ({ ...current, ...patch }));

  async function checkUsername() {
    const field = values.type === "phone" ? "phone" : "username";
    form.touch(field);
    form.setServerError(field, undefined);
    if (validateSignup(values, slugCheck)[field]) return;
    const answer = await api(accountsApi.usernameExists, { body: { username: signupUsername(values) } }).catch(() => ({ exists: false }));
    if (answer.exists) form.setServerError(field, "existing_user");
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setFailure(undefined);
    if (!form.submit()) return;
    setBusy(true);
    try {
      const answer = await api(accountsApi.register, { body: signupPayload(values, intent) });
      // A skippable PIN is submitted at once (§4); otherwise the PIN confirmation screen follows.
      if (answer.can_skip_pin) await account.enter((await activatePin(answer.code, values.type)).user, intent);
      else navigate(activationHref(values, answer, intent));
    } catch (error) {
      const code = form.applyApiError(error);
      if (code) setFailure(code);
      trackRegistration(intent, false);
      setBusy(false);
    }
  }

  const switchType = (type: string) => {
    form.clearServerErrors();
    update({ type: type as SignupValues["type"] });
  };
  if (account.settingUp) return <SettingUp />;
  return (
    <Paper withBorder={!inModal} radius="md" p={inModal ? 0 : { base: "md", sm: "xl" }} maw={480} mx="auto" w="100%">
      {/* Posted to the /register action until the page is hydrated: a password never goes into a URL. */}
      <form method="post" action="/register" onSubmit={submit} noValidate aria-label={t("signup_title")}>
        <input type="hidden" name="type" value={values.type} />
        {Object.entries(intentQuery(intent)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Stack gap="sm">
          {(!inModal || title) && (
            <Title order={inModal ? 2 : 1} size="h2">
              {title ?? t("signup_title")}
            </Title>
          )}
          {onLogin ? (
            <Anchor component="button" type="button" size="sm" ta="start" onClick={onLogin}>
              {t("already_have_account")}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/login" size="sm">
              {t("already_have_account")}
            </Anchor>
          )}
          <TextInput
            label={t("field_full_name")}
            name="full_name"
            autoComplete="name"
            required
            value={values.full_name}
            onChange={(event) => update({ full_name: event.currentTarget.value })}
            onBlur={() => form.touch("full_name")}
            error={fieldError("full_name")}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500} id="signup-type-label">
              {t("signup_with")}
            </Text>
            <SegmentedControl
              aria-labelledby="signup-type-label"
              value={values.type}
              onChange={switchType}
              data={[
                { value: "email", label: t("signup_by_email") },
                { value: "phone", label: t("signup_by_phone") },
              ]}
            />
          </Stack>
          {values.type === "email" ? (
            <EmailField
              label={t("field_email")}
              name="username"
              required
              value={values.email}
              onChange={(email) => {
                form.setServerError("username", undefined);
                update({ email });
              }}
              onBlur={checkUsername}
              error={fieldError("username")}
            />
          ) : (
            <>
              <PhoneField
                required
                names={{ country: "country", phone: "phone" }}
                value={values.phone}
                onChange={(phone) => {
                  form.setServerError("phone", undefined);
                  update({ phone });
                }}
                onBlur={checkUsername}
                error={fieldError("phone")}
              />
              <EmailField
                label={t("field_email_optional")}
                name="email"
                value={values.email}
                onChange={(email) => update({ email })}
                onBlur={() => form.touch("email")}
                error={fieldError("email")}
              />
            </>
          )}
          <PasswordInput
            label={t("field_password")}
            name="password"
            autoComplete="new-password"
            required
            value={values.password}
            onChange={(event) => update({ password: event.currentTarget.value })}
            onBlur={() => form.touch("password")}
            error={fieldError("password")}
          />
          <Switch
            label={t("create_store_option")}
            checked={values.createShop}
            onChange={(event) =>
              update({ createShop: event.currentTarget.checked, ...(event.currentTarget.checked ? { type: "phone" as const } : {}) })
            }
          />
          {values.createShop && (
            <ShopFields
              value={values.store}
              onChange={(store) => {
                form.setServerError("store.slug", undefined);
                update({ store });
              }}
              onCheck={setSlugCheck}
              nameError={fieldError("store.name")}
              slugError={fieldError("store.slug")}
            />
          )}
          <Checkbox
            name="tac"
            checked={values.tac}
            onChange={(event) => {
              update({ tac: event.currentTarget.checked });
              form.touch("tac");
            }}
            error={fieldError("tac")}
            label={
              <>
                {t("terms_accept")}{" "}
                <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                  {t("terms_link")}
                </Anchor>
              </>
            }
          />
          {(failure || serverError) && (
            <Alert color="red" role="alert">
              {failure ? t(failure) : serverError}
            </Alert>
          )}
          <Button type="submit" loading={busy} size="md">
            {submitLabel ?? (values.createShop ? t("create_store_now") : t("signup_submit"))}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
