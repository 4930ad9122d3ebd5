import { Group, NativeSelect, TextInput } from "@mantine/core";
import { cleanPhoneInput, phoneCountries, phoneMaxLength } from "@tianguis/domain/rules/registration";
import { useT } from "../../lib/i18n";

export interface PhoneValue {
  country: string;
  country_code: string;
  phone: string;
}

/** Country with its dialling code, and the phone: spaces removed, cut to the country's max length (§5). */
export function PhoneField({
  value,
  onChange,
  onBlur,
  error,
  required,
  names,
  label,
}: {
  /** The phone input's label; 'Teléfono celular' by default. */
  label?: string;
  /** Form field names, for a form that posts to its route. */
  names?: { country: string; phone: string };
  value: PhoneValue;
  onChange(value: PhoneValue): void;
  onBlur?(): void;
  error?: string;
  required?: boolean;
}) {
  const t = useT();
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <NativeSelect
        label={t("field_country")}
        name={names?.country}
        w={130}
        value={value.country}
        data={phoneCountries.map((entry) => ({ value: entry.country, label: `${entry.country} +${entry.country_code}` }))}
        onChange={(event) => {
          const country = phoneCountries.find((entry) => entry.country === event.currentTarget.value) ?? phoneCountries[0];
          onChange({ country: country.country, country_code: country.country_code, phone: cleanPhoneInput(value.phone, country.country) });
        }}
      />
      <TextInput
        label={label ?? t("field_phone")}
        name={names?.phone}
        style={{ flex: 1 }}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        required={required}
        maxLength={phoneMaxLength(value.country)}
        value={value.phone}
        onChange={(event) => onChange({ ...value, phone: cleanPhoneInput(event.currentTarget.value, value.country) })}
        onBlur={onBlur}
        error={error}
      />
    </Group>
  );
}
