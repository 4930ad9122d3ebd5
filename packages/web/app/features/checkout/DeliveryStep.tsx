import { Alert, Button, Group, Radio, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { formatMoney } from "@tianguis/domain/money";
import type { DeliveryType } from "@tianguis/domain/rules/checkout";
import { useState } from "react";
import { ApiRequestError, apiCall } from "../../lib/api.client";
import { useLocale, useT } from "../../lib/i18n";
import type { ShippingRate } from "../cart/types";

export interface Address {
  address_name: string;
  address_phone: string;
  street_address: string;
  locality: string;
  administrative_area_level_1: string;
  postal_code: string;
}

export interface Delivery {
  delivery_type: DeliveryType;
  address: Address;
  rate_id?: string;
}

export const emptyAddress: Address = { address_name: "", address_phone: "", street_address: "", locality: "", administrative_area_level_1: "", postal_code: "" };

/** Delivery type (courier shipping with quotes, branch pickup, fixed delivery) and the address (spec address fields). */
export function DeliveryStep({ shopSlug, items, initial, busy, error, onDone }: {
  shopSlug: string;
  items: { product_id: string; quantity: number }[];
  initial: Delivery;
  busy: boolean;
  error: string | null;
  onDone: (delivery: Delivery) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [type, setType] = useState<DeliveryType>(initial.delivery_type);
  const [address, setAddress] = useState<Address>(initial.address);
  const [rates, setRates] = useState<ShippingRate[] | null>(null);
  const [rateId, setRateId] = useState<string | undefined>(initial.rate_id);
  const [errors, setErrors] = useState<Partial<Record<keyof Address | "rate", string>>>({});
  const [quoting, setQuoting] = useState(false);

  const validate = () => {
    const next: typeof errors = {};
    if (type === "to_branch") return next;
    if (!address.address_name.trim()) next.address_name = t("required");
    if (!address.street_address.trim()) next.street_address = t("required");
    if (!address.locality.trim()) next.locality = t("required");
    if (!/^\d{5}$/.test(address.postal_code)) next.postal_code = t("invalid_postal_code");
    if (type === "shipping" && !rateId) next.rate = t("choose_rate");
    return next;
  };

  const quote = async () => {
    if (!/^\d{5}$/.test(address.postal_code)) return setErrors({ ...errors, postal_code: t("invalid_postal_code") });
    setQuoting(true);
    try {
      const result = await apiCall<{ rates: ShippingRate[] }>("POST", `/shops/${encodeURIComponent(shopSlug)}/shipping/quotes`, { postal_code: address.postal_code, items });
      setRates(result.rates);
      setRateId(result.rates[0]?.id);
      setErrors({ ...errors, postal_code: undefined, rate: result.rates.length === 0 ? t("no_shipping_options") : undefined });
    } catch (failure) {
      setErrors({ ...errors, rate: failure instanceof ApiRequestError ? failure.body.message : t("no_shipping_options") });
    } finally {
      setQuoting(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const next = validate();
    setErrors(next);
    if (Object.keys(next).length === 0) onDone({ delivery_type: type, address, rate_id: type === "shipping" ? rateId : undefined });
  };

  const field = (name: keyof Address) => ({
    value: address[name],
    error: errors[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      setAddress({ ...address, [name]: event.currentTarget.value });
      if (name === "postal_code") setRates(null);
    },
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Radio.Group label={t("step_delivery")} value={type} onChange={(value) => setType(value as DeliveryType)}>
          <Group gap="md" mt={6}>
            <Radio value="shipping" label={t("delivery_shipping")} />
            <Radio value="to_branch" label={t("delivery_to_branch")} />
            <Radio value="fixed_delivery" label={t("delivery_fixed")} />
          </Group>
        </Radio.Group>
        {type !== "to_branch" && (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label={t("address_name")} autoComplete="name" required {...field("address_name")} />
            <TextInput label={t("address_phone")} type="tel" autoComplete="tel" {...field("address_phone")} />
            <TextInput label={t("street_address")} autoComplete="street-address" required {...field("street_address")} />
            <TextInput label={t("locality")} autoComplete="address-level2" required {...field("locality")} />
            <TextInput label={t("state")} autoComplete="address-level1" {...field("administrative_area_level_1")} />
            <TextInput label={t("postal_code")} autoComplete="postal-code" inputMode="numeric" maxLength={5} required {...field("postal_code")} />
          </SimpleGrid>
        )}
        {type === "shipping" && (
          <Stack gap="xs">
            <Group>
              <Button variant="light" onClick={quote} loading={quoting}>
                {t("get_quotes")}
              </Button>
            </Group>
            {rates && rates.length > 0 && (
              <Radio.Group label={t("shipping_rates")} value={rateId ?? null} onChange={setRateId}>
                <Stack gap={6} mt={6}>
                  {rates.map((rate) => (
                    <Radio
                      key={rate.id}
                      value={rate.id}
                      label={`${t("rate_label", { carrier: rate.carrier, service: t(`service_${rate.service}`), days: rate.days })} — ${formatMoney({ amount: rate.cost, currency: "MXN" }, locale)}`}
                    />
                  ))}
                </Stack>
              </Radio.Group>
            )}
            {errors.rate && (
              <Text size="sm" c="red" role="alert">
                {errors.rate}
              </Text>
            )}
          </Stack>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <Button type="submit" loading={busy}>
          {t("continue")}
        </Button>
      </Stack>
    </form>
  );
}
