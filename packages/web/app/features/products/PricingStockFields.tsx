import { NumberInput, SegmentedControl, SimpleGrid, Stack, Switch, TextInput } from "@mantine/core";
import { useT } from "../../lib/i18n";
import type { ProductFormState } from "./form-state";

type Props = { state: ProductFormState; set: (patch: Partial<ProductFormState>) => void; errors: Record<string, string> };

/** Price, crossout price, free / hidden price, resale margin, stock type and units, purchase limit, experience date. */
export function PricingStockFields({ state, set, errors }: Props) {
  const t = useT();
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t("field_price")}
          leftSection="$"
          inputMode="decimal"
          value={state.list_price}
          onChange={(event) => set({ list_price: event.currentTarget.value })}
          error={errors.list_price}
          disabled={state.is_free}
          required={!state.is_free}
        />
        <TextInput
          label={t("field_crossout_price")}
          leftSection="$"
          inputMode="decimal"
          value={state.crossout_price}
          onChange={(event) => set({ crossout_price: event.currentTarget.value })}
          error={errors.crossout_price}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Switch label={t("field_is_free")} checked={state.is_free} onChange={(event) => set({ is_free: event.currentTarget.checked })} />
        <Switch
          label={t("field_hide_price")}
          checked={state.hide_price}
          onChange={(event) => set({ hide_price: event.currentTarget.checked })}
        />
        <Switch
          label={t("field_is_dropshipping")}
          checked={state.is_dropshipping}
          onChange={(event) => set({ is_dropshipping: event.currentTarget.checked })}
        />
      </SimpleGrid>
      {state.is_dropshipping && (
        <TextInput
          label={t("field_contribution_margin")}
          leftSection="$"
          inputMode="decimal"
          value={state.contribution_margin}
          onChange={(event) => set({ contribution_margin: event.currentTarget.value })}
          error={errors.contribution_margin}
        />
      )}
      <Stack gap={4}>
        <SegmentedControl
          aria-label={t("field_stock_type")}
          value={state.stock_type}
          onChange={(value) => set({ stock_type: value as ProductFormState["stock_type"] })}
          data={[
            { value: "onstock", label: t("stock_onstock") },
            { value: "ondemand", label: t("stock_ondemand") },
          ]}
          w="fit-content"
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {state.stock_type === "onstock" && (
          <NumberInput
            label={t("field_stock")}
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={state.stock}
            onChange={(value) => set({ stock: value === "" ? "" : Number(value) })}
            error={errors.stock}
            required
          />
        )}
        <NumberInput
          label={t("field_max_purchase")}
          min={1}
          allowDecimal={false}
          allowNegative={false}
          value={state.max_purchase_amount}
          onChange={(value) => set({ max_purchase_amount: value === "" ? "" : Number(value) })}
          error={errors.max_purchase_amount}
        />
      </SimpleGrid>
      {state.type === "experience" && (
        <TextInput
          type="datetime-local"
          label={t("field_experience_date")}
          value={state.experience_date}
          onChange={(event) => set({ experience_date: event.currentTarget.value })}
          error={errors.experience_date}
          required
        />
      )}
    </Stack>
  );
}
