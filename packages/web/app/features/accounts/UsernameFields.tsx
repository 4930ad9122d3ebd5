import { SegmentedControl, Stack, Text } from "@mantine/core";
import { defaultCountry } from "@tianguis/domain/rules/registration";
import { useState } from "react";
import { useLocale, useT } from "../../lib/i18n";
import { EmailField } from "./EmailField";
import { PhoneField, type PhoneValue } from "./PhoneField";

/**
 * The phone-or-e-mail login field (commerce-and-accounts §2) inside a posted form: `type`, then `username`
 * (e-mail) or `country` and `phone`; `usernameFromForm` reads them back on the server.
 */
export function UsernameFields({ id, label }: { id: string; label: string }) {
  const t = useT();
  const locale = useLocale();
  const [type, setType] = useState<"email" | "phone">("email");
  const [email, setEmail] = useState("");
  const [phone, setPhone] = useState<PhoneValue>({ ...defaultCountry(locale), phone: "" });
  return (
    <>
      <input type="hidden" name="type" value={type} />
      <Stack gap={4}>
        <Text size="sm" fw={500} id={`${id}-type-label`}>
          {label}
        </Text>
        <SegmentedControl
          aria-labelledby={`${id}-type-label`}
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
        <PhoneField required value={phone} onChange={setPhone} names={{ country: "country", phone: "phone" }} />
      )}
    </>
  );
}
