import { Button, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { useT } from "../../lib/i18n";

export interface Contact {
  full_name: string;
  email: string;
  phone: string;
}

/** Guest checkout: name, e-mail and phone; nothing is sent to the API until the shopper continues. */
export function ContactStep({ initial, onDone }: { initial: Contact; onDone: (contact: Contact) => void }) {
  const t = useT();
  const [contact, setContact] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Contact, string>>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!contact.full_name.trim()) next.full_name = t("required");
    if (!/^\S+@\S+\.\S+$/.test(contact.email.trim())) next.email = t("invalid_email");
    if (contact.phone && !/^\+?\d{10,15}$/.test(contact.phone.replace(/\s/g, ""))) next.phone = t("invalid_phone");
    setErrors(next);
    if (Object.keys(next).length === 0) onDone({ ...contact, phone: contact.phone.replace(/\s/g, "") });
  };
  const field = (name: keyof Contact) => ({
    value: contact[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => setContact({ ...contact, [name]: event.currentTarget.value }),
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t("contact_guest_text")}
        </Text>
        <TextInput label={t("full_name")} autoComplete="name" required {...field("full_name")} />
        <TextInput label={t("email")} type="email" autoComplete="email" required {...field("email")} />
        <TextInput label={t("phone")} type="tel" autoComplete="tel" inputMode="tel" {...field("phone")} />
        <Button type="submit">{t("continue")}</Button>
      </Stack>
    </form>
  );
}
