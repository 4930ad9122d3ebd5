import { Box, Button, Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput } from "@mantine/core";
import { useDebouncedCallback } from "@mantine/hooks";
import { IconAdjustmentsHorizontal, IconFilterOff, IconSearch } from "@tabler/icons-react";
import { messageCode } from "@tianguis/domain/messages/index";
import { deliveryTypes, paymentMethods } from "@tianguis/domain/rules/checkout";
import { customerStatus, orderProgressStates, sellerStateLabel, supplierOrderStates } from "@tianguis/domain/rules/order-progress";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useT } from "../../lib/i18n";
import classes from "./SellerOrders.module.css";
import { deliveryLabels } from "./seller-format";
import type { SellerOrderFilters as Filters } from "./seller-orders.server";

/** Spec §9: search debounce 400 ms. */
const SEARCH_DEBOUNCE_MS = 400;

/** The state filter's options: the seller's work steps, or every state of a purchase under the customer's names. */
function stateOptions(audience: "seller" | "customer"): { value: string; label: MessageCode }[] {
  if (audience === "seller") return orderProgressStates.map((state) => ({ value: state, label: sellerStateLabel(state, "shipping") }));
  // A customer reads 'in process' for confirmed and in-process orders alike; the filter tells them apart.
  return supplierOrderStates.map((state) => ({
    value: state,
    label: state === "confirmed" ? sellerStateLabel(state, "shipping") : customerStatus(state),
  }));
}

/**
 * The list's filters (spec §7 'GET orders list'), kept in the page URL under the list call's own names: each change
 * navigates (and goes back to page 1); the text search waits for a pause in typing. Controls keep their own state,
 * following the URL, so a click shows at once. On a phone all but the search fold behind a 'Filtros' button.
 */
export function SellerOrderFilters({
  filters,
  filtered,
  audience = "seller",
}: {
  filters: Filters;
  filtered: boolean;
  /** customer: /mis-compras, every state under the customer's names and no 'include delivered/cancelled' (it is their history). */
  audience?: "seller" | "customer";
}) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const [open, setOpen] = useState(false);
  const searchLabel = audience === "seller" ? "order_search" : "purchase_search";
  const apply = (changes: Record<string, string | undefined>, replace = false) => {
    const next = new URLSearchParams(search);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("page");
    next.delete("pagina");
    setSearch(next, { preventScrollReset: true, replace });
  };

  const textInput = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(filters.text ?? "");
  const applyText = useDebouncedCallback((value: string) => apply({ text: value.trim() || undefined }, true), SEARCH_DEBOUNCE_MS);
  // Back, forward and 'clear filters' change the URL: follow it unless the seller is typing.
  useEffect(() => {
    if (document.activeElement !== textInput.current) setText(filters.text ?? "");
  }, [filters.text]);

  const [range, setRange] = useState({ start: filters.start_date ?? "", end: filters.end_date ?? "" });
  useEffect(() => setRange({ start: filters.start_date ?? "", end: filters.end_date ?? "" }), [filters.start_date, filters.end_date]);
  const rangeInvalid = !!range.start && !!range.end && range.start > range.end;
  const changeRange = (next: typeof range) => {
    setRange(next);
    if (!next.start || !next.end || next.start <= next.end) apply({ start_date: next.start || undefined, end_date: next.end || undefined });
  };

  const fromUrl = {
    state: filters.state ?? "",
    payment_type: filters.payment_type ?? "",
    delivery_type: filters.delivery_type ?? "",
    include_delivered: filters.include_delivered,
    include_canceled: filters.include_canceled,
  };
  const [choices, setChoices] = useState(fromUrl);
  const urlChoices = JSON.stringify(fromUrl);
  useEffect(() => setChoices(JSON.parse(urlChoices)), [urlChoices]);
  const choose = (name: keyof typeof fromUrl, value: string | boolean) => {
    setChoices((current) => ({ ...current, [name]: value }));
    apply({ [name]: value === true ? "true" : value || undefined });
  };
  const select = (name: "state" | "payment_type" | "delivery_type") => ({
    value: choices[name],
    onChange: (event: React.ChangeEvent<HTMLSelectElement>) => choose(name, event.currentTarget.value),
  });
  const any = { value: "", label: t("orders_filter_any") };

  return (
    <Stack gap="sm" component="form" role="search" aria-label={t("orders_filters")} onSubmit={(event) => event.preventDefault()}>
      <Group gap="xs" wrap="nowrap">
        <TextInput
          style={{ flex: 1 }}
          ref={textInput}
          type="search"
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            applyText(event.currentTarget.value);
          }}
          placeholder={t(searchLabel)}
          aria-label={t(searchLabel)}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
        />
        <Button
          hiddenFrom="sm"
          variant={open ? "light" : "default"}
          leftSection={<IconAdjustmentsHorizontal size={16} />}
          aria-expanded={open}
          onClick={() => setOpen(!open)}
        >
          {t("orders_filters_toggle")}
        </Button>
      </Group>
      <Stack gap="sm" className={classes.advanced} data-open={open || undefined}>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm" verticalSpacing="xs">
          <NativeSelect
            label={t("orders_filter_state")}
            {...select("state")}
            data={[any, ...stateOptions(audience).map(({ value, label }) => ({ value, label: t(label) }))]}
          />
          <NativeSelect
            label={t("orders_filter_payment")}
            {...select("payment_type")}
            data={[any, ...paymentMethods.map((method) => ({ value: method, label: t(messageCode(`pm_${method}`)) }))]}
          />
          <NativeSelect
            label={t("orders_filter_delivery")}
            {...select("delivery_type")}
            data={[any, ...deliveryTypes.map((type) => ({ value: type, label: t(deliveryLabels[type]) }))]}
          />
          <TextInput
            type="date"
            label={t("start_date")}
            value={range.start}
            max={range.end || undefined}
            onChange={(event) => changeRange({ ...range, start: event.currentTarget.value })}
          />
          <TextInput
            type="date"
            label={t("end_date")}
            value={range.end}
            min={range.start || undefined}
            error={rangeInvalid ? t("invalid_date_range") : undefined}
            onChange={(event) => changeRange({ ...range, end: event.currentTarget.value })}
          />
        </SimpleGrid>
        <Group gap="lg" justify={audience === "seller" ? "space-between" : "flex-end"}>
          {audience === "seller" && (
            <Group gap="lg">
              <Checkbox
                label={t("include_delivered")}
                checked={choices.include_delivered}
                onChange={(event) => choose("include_delivered", event.currentTarget.checked)}
              />
              <Checkbox
                label={t("include_canceled")}
                checked={choices.include_canceled}
                onChange={(event) => choose("include_canceled", event.currentTarget.checked)}
              />
            </Group>
          )}
          {filtered && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFilterOff size={16} />}
              onClick={() => {
                applyText.cancel();
                setText("");
                setSearch(new URLSearchParams(), { preventScrollReset: true });
              }}
            >
              {t("orders_clear_filters")}
            </Button>
          )}
        </Group>
      </Stack>
    </Stack>
  );
}
