import { SimpleGrid, TextInput } from "@mantine/core";
import type { AddressErrorCode, AddressFields } from "@tianguis/domain/schemas/address";
import { useT } from "../../lib/i18n";

/** The address fields a customer fills in (a subset of the spec's address fields); all strings while editing. */
export interface AddressInput {
  address_name: string;
  address_phone: string;
  street_address: string;
  sublocality: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
}
export type AddressErrors = Partial<Record<keyof AddressFields, AddressErrorCode>>;

export const emptyAddress: AddressInput = {
  address_name: "",
  address_phone: "",
  street_address: "",
  sublocality: "",
  locality: "",
  administrative_area_level_1: "",
  postal_code: "",
};

/** Editable copy of a saved or entered address. */
export function toAddressInput(address: AddressFields): AddressInput {
  return Object.fromEntries(
    Object.keys(emptyAddress).map((key) => [key, address[key as keyof AddressFields] ?? ""]),
  ) as unknown as AddressInput;
}

/** Only the filled-in fields, as the API takes them. */
export function filledAddress(address: AddressInput): AddressFields {
  return Object.fromEntries(
    Object.entries(address)
      .map(([key, value]) => [key, value.trim()])
      .filter(([, value]) => value !== ""),
  ) as AddressFields;
}

/** Recipient, phone, street, neighbourhood, town, state and postal code; `errors` holds message codes. */
export function AddressForm({
  value,
  errors,
  onChange,
  idPrefix = "address",
}: {
  value: AddressInput;
  errors: AddressErrors;
  onChange: (next: AddressInput, changed: keyof AddressInput) => void;
  idPrefix?: string;
}) {
  const t = useT();
  const field = (name: keyof AddressInput) => ({
    id: `${idPrefix}-${name}`,
    value: value[name],
    error: errors[name] ? t(errors[name]) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => onChange({ ...value, [name]: event.currentTarget.value }, name),
  });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <TextInput label={t("address_name")} autoComplete="name" required {...field("address_name")} />
      <TextInput label={t("address_phone")} type="tel" autoComplete="tel" {...field("address_phone")} />
      <TextInput label={t("street_address")} autoComplete="address-line1" required {...field("street_address")} />
      <TextInput label={t("sublocality")} autoComplete="address-line2" {...field("sublocality")} />
      <TextInput label={t("locality")} autoComplete="address-level2" required {...field("locality")} />
      <TextInput label={t("state")} autoComplete="address-level1" {...field("administrative_area_level_1")} />
      <TextInput label={t("postal_code")} autoComplete="postal-code" inputMode="numeric" maxLength={5} required {...field("postal_code")} />
    </SimpleGrid>
  );
}
