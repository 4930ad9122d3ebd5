import { Alert, Button, Checkbox, Group, Radio, Skeleton, Stack, Text } from "@mantine/core";
import { addressesApi } from "@tianguis/domain/routes/addresses";
import { checkoutApi } from "@tianguis/domain/routes/checkout";
import {
  MAX_SAVED_ADDRESSES,
  POSTAL_CODE,
  type SavedAddressView,
  addressLine,
  deliveryAddressErrors,
} from "@tianguis/domain/schemas/address";
import { formatMoney } from "@tianguis/domain/money";
import type { DeliveryType } from "@tianguis/domain/rules/checkout";
import type { ShippingRate } from "@tianguis/domain/schemas/checkout";
import { useEffect, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { type AddressErrors, AddressForm, type AddressInput, filledAddress } from "../addresses/AddressForm";

/** What the delivery step hands to the purchase: a saved address (address_id) or an entered one, kept when asked. */
export interface Delivery {
  delivery_type: DeliveryType;
  address: AddressInput;
  address_id?: string;
  save_address?: boolean;
  rate_id?: string;
}

const NEW = "new";

/** A signed-in customer's saved addresses (null while loading); a guest has none. */
function useSavedAddresses(signedIn: boolean): SavedAddressView[] | null {
  const [addresses, setAddresses] = useState<SavedAddressView[] | null>(signedIn ? null : []);
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    api(addressesApi.list)
      .then((result) => live && setAddresses(result.results))
      .catch(() => live && setAddresses([]));
    return () => {
      live = false;
    };
  }, [signedIn]);
  return addresses;
}

/** Delivery type (courier shipping with quotes, branch pickup, fixed delivery) and where to: a saved address or a new one. */
export function DeliveryStep({
  shopSlug,
  items,
  initial,
  signedIn,
  busy,
  error,
  onDone,
}: {
  shopSlug: string;
  items: { product_id: string; quantity: number }[];
  initial: Delivery;
  signedIn: boolean;
  busy: boolean;
  error: string | null;
  onDone: (delivery: Delivery) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const saved = useSavedAddresses(signedIn);
  const [type, setType] = useState<DeliveryType>(initial.delivery_type);
  const [chosen, setChosen] = useState<string | null>(initial.address_id ?? null);
  const [address, setAddress] = useState<AddressInput>(initial.address);
  const [keep, setKeep] = useState(initial.save_address ?? true);
  const [rates, setRates] = useState<ShippingRate[] | null>(null);
  const [rateId, setRateId] = useState<string | undefined>(initial.rate_id);
  const [errors, setErrors] = useState<AddressErrors>({});
  const [rateError, setRateError] = useState<string | null>(null);
  const [quoting, setQuoting] = useState(false);

  // The most recently used saved address is preselected once the book has loaded.
  const selection = chosen ?? (saved && saved.length > 0 ? saved[0].id : NEW);
  const savedAddress = saved?.find((item) => item.id === selection) ?? null;
  const canKeep = saved !== null && saved.length < MAX_SAVED_ADDRESSES;
  const postalCode = savedAddress ? savedAddress.postal_code : address.postal_code.trim();

  const choose = (value: string) => {
    setChosen(value);
    setRates(null);
    setRateId(undefined);
    setRateError(null);
  };

  const quote = async () => {
    if (!POSTAL_CODE.test(postalCode)) return setErrors({ ...errors, postal_code: "invalid_postal_code" });
    setQuoting(true);
    try {
      const result = await api(checkoutApi.shippingQuotes, { params: { slug: shopSlug }, body: { postal_code: postalCode, items } });
      setRates(result.rates);
      setRateId(result.rates[0]?.id);
      setErrors({ ...errors, postal_code: undefined });
      setRateError(result.rates.length === 0 ? t("no_shipping_options") : null);
    } catch (failure) {
      setRateError(failure instanceof ApiRequestError ? failure.body.message : t("no_shipping_options"));
    } finally {
      setQuoting(false);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (type === "to_branch") return onDone({ delivery_type: type, address });
    const problems = savedAddress ? {} : deliveryAddressErrors(filledAddress(address));
    const missingRate = type === "shipping" && !rateId;
    setErrors(problems);
    setRateError(missingRate ? t("choose_rate") : null);
    if (Object.keys(problems).length > 0 || missingRate) return;
    const rate_id = type === "shipping" ? rateId : undefined;
    if (savedAddress) onDone({ delivery_type: type, address, address_id: savedAddress.id, rate_id });
    else onDone({ delivery_type: type, address, save_address: signedIn && keep && canKeep, rate_id });
  };

  const newAddress = (
    <Stack gap="sm">
      <AddressForm
        value={address}
        errors={errors}
        idPrefix="delivery"
        onChange={(value, changed) => {
          setAddress(value);
          setErrors({ ...errors, [changed]: undefined });
          if (changed === "postal_code") setRates(null);
        }}
      />
      {signedIn && canKeep && (
        <Checkbox label={t("save_address")} checked={keep} onChange={(event) => setKeep(event.currentTarget.checked)} />
      )}
    </Stack>
  );

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
        {type !== "to_branch" &&
          (saved === null ? (
            <Stack gap="xs" aria-busy="true">
              <Skeleton height={56} radius="md" />
              <Skeleton height={56} radius="md" />
            </Stack>
          ) : saved.length === 0 ? (
            newAddress
          ) : (
            <Radio.Group label={t("deliver_to")} value={selection} onChange={choose}>
              <Stack gap="xs" mt={6}>
                {saved.map((item) => (
                  <Radio.Card key={item.id} value={item.id} radius="md" p="sm" withBorder>
                    <Group wrap="nowrap" align="flex-start">
                      <Radio.Indicator />
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text fw={600} size="sm">
                          {item.address_name}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {addressLine(item)}
                        </Text>
                      </Stack>
                    </Group>
                  </Radio.Card>
                ))}
                <Radio.Card value={NEW} radius="md" p="sm" withBorder>
                  <Group wrap="nowrap">
                    <Radio.Indicator />
                    <Text fw={600} size="sm">
                      {t("new_address")}
                    </Text>
                  </Group>
                </Radio.Card>
              </Stack>
              {selection === NEW && <Stack mt="sm">{newAddress}</Stack>}
            </Radio.Group>
          ))}
        {type === "shipping" && (
          <Stack gap="xs">
            <Group>
              <Button variant="light" onClick={quote} loading={quoting} disabled={saved === null}>
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
            {rateError && (
              <Text size="sm" c="red" role="alert">
                {rateError}
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
