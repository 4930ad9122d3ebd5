import { NumberInput, Select, SimpleGrid, Stack, Textarea } from "@mantine/core";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { toDecimalString, toMinorUnits } from "@tianguis/domain/money";
import { returnFees, returnPolicies, returnShippingLabels, returnTypes } from "@tianguis/domain/schemas/product";
import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";

const feeLabels: Record<(typeof returnFees)[number], { code: MessageCode }> = {
  customer_all: { code: "return_fees_customer_all" },
  free: { code: "return_fees_free" },
  customer_feed: { code: "return_fees_customer_feed" },
  original_fees: { code: "return_fees_original_fees" },
  restocking_fees: { code: "return_fees_restocking_fees" },
};

/** Return policy fields of the item (return info: type, fees, policy, legend, label, restocking fee). */
export function ReturnFields({ value, onChange }: { value: ReturnInfo; onChange: (next: ReturnInfo) => void }) {
  const t = useT();
  const set = (patch: Partial<ReturnInfo>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
      <Select
        label={t("field_return_type")}
        value={value.return_type}
        onChange={(next) => set({ return_type: (next ?? "disallowed") as ReturnInfo["return_type"] })}
        data={returnTypes.map((type) => ({ value: type, label: t(`return_type_${type}`) }))}
        allowDeselect={false}
      />
      {value.return_type === "72hrs" && (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t("field_return_fees")}
              value={value.return_fees ?? null}
              onChange={(next) => set({ return_fees: (next ?? undefined) as ReturnInfo["return_fees"] })}
              data={returnFees.map((fee) => ({ value: fee, label: t(feeLabels[fee].code, { amount: "…" }) }))}
              clearable
            />
            <Select
              label={t("field_return_label")}
              value={value.return_shipping_label ?? null}
              onChange={(next) => set({ return_shipping_label: (next ?? undefined) as ReturnInfo["return_shipping_label"] })}
              data={returnShippingLabels.map((label) => ({ value: label, label: t(`return_label_${label}`) }))}
              clearable
            />
          </SimpleGrid>
          {value.return_fees === "restocking_fees" && (
            <NumberInput
              label={t("field_restocking_fees")}
              prefix="$"
              decimalScale={2}
              min={0}
              value={value.restocking_fees === undefined ? "" : Number(toDecimalString(value.restocking_fees))}
              onChange={(next) => set({ restocking_fees: next === "" ? undefined : toMinorUnits(Number(next)) })}
            />
          )}
          <Select
            label={t("field_return_policy")}
            value={value.return_policy ?? null}
            onChange={(next) => set({ return_policy: (next ?? undefined) as ReturnInfo["return_policy"] })}
            data={returnPolicies.map((policy) => ({ value: policy, label: t(`return_policy_${policy}`) }))}
            clearable
          />
          {value.return_policy === "customized" && (
            <Textarea
              label={t("field_return_legend")}
              value={value.return_policy_legend ?? ""}
              onChange={(event) => set({ return_policy_legend: event.currentTarget.value })}
              autosize
              minRows={3}
              maxLength={2000}
            />
          )}
        </>
      )}
    </Stack>
  );
}
