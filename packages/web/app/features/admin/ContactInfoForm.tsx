import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import { phoneCountries } from "@tianguis/domain/rules/registration";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { shopContactInfo } from "@tianguis/domain/schemas/shop-settings";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { PhoneField, type PhoneValue } from "../accounts/PhoneField";
import { useShopPatch } from "./useShopPatch";

type Field = "contact_email" | "contact_phone" | "whatsapp_phone";

/** A stored dialling code and number as the phone field shows them (the first country with that code; Mexico when none). */
function phoneValue(countryCode: string | null, phone: string | null): PhoneValue {
  const country = phoneCountries.find((entry) => entry.country_code === countryCode) ?? phoneCountries[0];
  return { country: country.country, country_code: country.country_code, phone: phone ?? "" };
}

/**
 * The shop's contact details (storefront-and-admin L41, issue 31): the contact e-mail and phone the contact dialog shows,
 * and the WhatsApp number that turns on the messaging button. Empty fields clear them; checked as the API checks them.
 */
export function ContactInfoForm({ shop }: { shop: ShopView }) {
  const t = useT();
  const { patch, submitting } = useShopPatch(shop.slug);
  const [email, setEmail] = useState(shop.contact_email ?? "");
  const [phone, setPhone] = useState(phoneValue(shop.contact_country_code, shop.contact_phone));
  const [whatsapp, setWhatsapp] = useState(phoneValue(shop.whatsapp_country_code, shop.whatsapp_phone));
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const body = {
    contact_email: email.trim() || null,
    contact_phone: phone.phone || null,
    contact_country_code: phone.phone ? phone.country_code : null,
    whatsapp_phone: whatsapp.phone || null,
    whatsapp_country_code: whatsapp.phone ? whatsapp.country_code : null,
  };
  const [saved, setSaved] = useState(JSON.stringify(body));
  const parsed = shopContactInfo.safeParse(body);
  const errors: Partial<Record<Field, string>> = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0]).replace("country_code", "phone") as Field;
      errors[field] = t(messageCode(issue.message) as MessageCode);
    }
  const errorOf = (field: Field) => serverErrors[field] ?? (touched[field] ? errors[field] : undefined);
  const pristine = JSON.stringify(body) === saved;

  const submit = async () => {
    setTouched({ contact_email: true, contact_phone: true, whatsapp_phone: true });
    if (!parsed.success) return;
    const fields = await patch(body);
    if (fields === null) {
      setSaved(JSON.stringify(body));
      setServerErrors({});
    } else setServerErrors(fields as Partial<Record<Field, string>>);
  };

  return (
    <Card
      withBorder
      radius="md"
      p="lg"
      component="form"
      noValidate
      aria-label={t("shop_contact_info")}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t("shop_contact_info")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("shop_contact_info_hint")}
          </Text>
        </div>
        <TextInput
          label={t("shop_contact_email")}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value.replace(/\s+/g, ""))}
          onBlur={() => setTouched((current) => ({ ...current, contact_email: true }))}
          error={errorOf("contact_email")}
        />
        <PhoneField
          label={t("shop_contact_phone")}
          value={phone}
          onChange={setPhone}
          onBlur={() => setTouched((current) => ({ ...current, contact_phone: true }))}
          error={errorOf("contact_phone")}
        />
        <PhoneField
          label={t("shop_whatsapp_phone")}
          value={whatsapp}
          onChange={setWhatsapp}
          onBlur={() => setTouched((current) => ({ ...current, whatsapp_phone: true }))}
          error={errorOf("whatsapp_phone")}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={submitting} disabled={pristine || submitting}>
            {t("save")}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
