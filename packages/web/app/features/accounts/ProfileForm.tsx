import { Avatar, Button, Group, Paper, PasswordInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { sensitiveChanges } from "@tianguis/domain/rules/profile-security";
import { nonEmptyFields } from "@tianguis/domain/rules/registration";
import type { ProfileView } from "@tianguis/domain/schemas/accounts";
import { useState } from "react";
import { useRevalidator } from "react-router";
import { accountsApi } from "@tianguis/domain/routes/accounts";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { EmailField } from "./EmailField";
import { PhoneField, type PhoneValue } from "./PhoneField";
import { useFormErrors } from "./useFormErrors";

/** The label of each user level (ul0–ul3: registered, entrepreneur, entrepreneur with a store, coordinator). */
const userLevelLabels = ["user_level_0", "user_level_1", "user_level_2", "user_level_3"] as const;

/** Profile view and update: only non-empty fields are sent; 'profile updated' or the error toast (§8). */
export function ProfileForm({ profile, onSaved }: { profile: ProfileView; onSaved(profile: ProfileView): void }) {
  const t = useT();
  const revalidator = useRevalidator();
  const [fullName, setFullName] = useState(profile.full_name);
  const [email, setEmail] = useState(profile.email ?? "");
  const [phone, setPhone] = useState<PhoneValue>({
    country: profile.country ?? "MX",
    country_code: profile.country_code ?? "52",
    phone: profile.phone ?? "",
  });
  const [image, setImage] = useState(profile.image ?? "");
  const [password, setPassword] = useState("");
  const [currentPassword, setCurrentPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // A new password, e-mail or phone asks for the current password (the server checks it too).
  const asksCurrent =
    sensitiveChanges(
      { email: profile.email, phone: profile.phone, country_code: profile.country_code },
      nonEmptyFields({ email, password, ...(phone.phone ? phone : {}) }),
    ).length > 0;
  const form = useFormErrors(() => ({
    full_name: fullName.trim() ? undefined : "required",
    current_password: asksCurrent && !currentPassword ? "required" : undefined,
  }));
  const fieldError = (field: string) => {
    const code = form.errorOf(field);
    return code ? t(code) : undefined;
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    form.clearServerErrors();
    if (!form.submit()) return;
    setBusy(true);
    try {
      const body = nonEmptyFields({
        full_name: fullName.trim(),
        email,
        image,
        password,
        ...(phone.phone ? phone : {}),
        ...(asksCurrent ? { current_password: currentPassword } : {}),
      });
      const saved = await api(accountsApi.updateProfile, { body });
      onSaved(saved);
      setPassword("");
      setCurrentPassword("");
      notifications.show({ color: "teal", title: t("success_title"), message: t("profile_updated"), autoClose: 5000 });
      await revalidator.revalidate();
    } catch (error) {
      form.applyApiError(error);
      const wrongCurrent = error instanceof ApiRequestError && error.body.code === "incorrect_current_password";
      notifications.show({
        color: "red",
        title: t("error_title"),
        message: t(wrongCurrent ? "incorrect_current_password" : password ? "password_update_failed" : "profile_updated_error"),
        autoClose: 5000,
      });
    }
    setBusy(false);
  }

  return (
    <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
      <form onSubmit={submit} noValidate aria-label={t("profile_title")}>
        <Stack gap="sm">
          <Group gap="md" wrap="nowrap">
            <Avatar src={profile.image} alt={profile.full_name} size={64} radius="xl" color="teal">
              {profile.full_name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Title order={1} size="h2">
                {t("profile_title")}
              </Title>
              <Text c="dimmed" size="sm" truncate>
                {profile.username} · {t(userLevelLabels[Math.max(0, Math.min(profile.user_level, 3))])}
              </Text>
            </Stack>
          </Group>
          <TextInput
            label={t("field_full_name")}
            autoComplete="name"
            value={fullName}
            onChange={(event) => setFullName(event.currentTarget.value)}
            onBlur={() => form.touch("full_name")}
            error={fieldError("full_name")}
          />
          <EmailField label={t("field_email")} value={email} onChange={setEmail} error={fieldError("email")} />
          <PhoneField value={phone} onChange={setPhone} error={fieldError("phone")} />
          <TextInput
            label={t("profile_image")}
            type="url"
            value={image}
            onChange={(event) => setImage(event.currentTarget.value.trim())}
            error={fieldError("image")}
          />
          <PasswordInput
            label={t("profile_new_password")}
            autoComplete="new-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
            error={fieldError("password")}
          />
          {asksCurrent && (
            <PasswordInput
              label={t("profile_current_password")}
              description={t("profile_current_password_hint")}
              autoComplete="current-password"
              required
              value={currentPassword}
              onChange={(event) => setCurrentPassword(event.currentTarget.value)}
              onBlur={() => form.touch("current_password")}
              error={fieldError("current_password")}
            />
          )}
          <Button type="submit" loading={busy} style={{ alignSelf: "flex-start" }}>
            {t("profile_save")}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
