import { Button, NumberInput, Paper, Select, Stack, Textarea, Title } from "@mantine/core";
import { returnsApi } from "@tianguis/domain/api/returns";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { type ReturnInfo, returnFees, returnPolicies, returnShippingLabels, returnTypes } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { toMinor } from "./useOrderReturns";

/** The shop's default return policy (commerce-and-accounts §3 'Return info'); a product's own return info overrides it. */
export function ReturnPolicyForm({ slug, policy }: { slug: string; policy: ReturnInfo }) {
  const t = useT();
  const [draft, setDraft] = useState<ReturnInfo>(policy);
  const [restocking, setRestocking] = useState<number | string>((policy.restocking_fees ?? 0) / 100);
  const { run, busy } = useMutation();
  const set = (change: Partial<ReturnInfo>) => setDraft((current) => ({ ...current, ...change }));
  const allowed = draft.return_type === "72hrs";
  const save = () =>
    run(
      () =>
        api(returnsApi.policyPut, {
          params: { slug },
          body: {
            ...draft,
            restocking_fees: draft.return_fees === "restocking_fees" ? toMinor(restocking) : undefined,
            return_policy_legend: draft.return_policy === "customized" ? draft.return_policy_legend : undefined,
          },
        }),
      { success: "return_policy_saved" },
    );
  const options = (values: readonly string[], prefix: string) =>
    values.map((value) => ({ value, label: t(`${prefix}${value}` as MessageCode, { amount: "" }).replace(/\s+de\s*$|\s+of\s*$/, "") }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="return-policy-form">
      <Stack gap="sm">
        <Title order={2} size="h4" id="return-policy-form">
          {t("return_policy_settings")}
        </Title>
        <Select
          label={t("return_type_label")}
          data={options(returnTypes, "return_type_")}
          value={draft.return_type}
          onChange={(value) => value && set({ return_type: value as ReturnInfo["return_type"] })}
          allowDeselect={false}
        />
        {allowed && (
          <>
            <Select
              label={t("return_fees_label")}
              data={options(returnFees, "return_fees_")}
              value={draft.return_fees ?? "free"}
              onChange={(value) => value && set({ return_fees: value as ReturnInfo["return_fees"] })}
              allowDeselect={false}
            />
            {draft.return_fees === "restocking_fees" && (
              <NumberInput
                label={t("restocking_fees_label")}
                value={restocking}
                onChange={setRestocking}
                min={0}
                decimalScale={2}
                prefix="$"
              />
            )}
            <Select
              label={t("return_label_mode")}
              data={options(returnShippingLabels, "return_label_")}
              value={draft.return_shipping_label ?? "download"}
              onChange={(value) => value && set({ return_shipping_label: value as ReturnInfo["return_shipping_label"] })}
              allowDeselect={false}
            />
          </>
        )}
        <Select
          label={t("return_policy_kind")}
          data={options(returnPolicies, "return_policy_")}
          value={draft.return_policy ?? "common"}
          onChange={(value) => value && set({ return_policy: value as ReturnInfo["return_policy"] })}
          allowDeselect={false}
        />
        {draft.return_policy === "customized" && (
          <Textarea
            label={t("return_policy_legend")}
            value={draft.return_policy_legend ?? ""}
            onChange={(event) => set({ return_policy_legend: event.currentTarget.value })}
            maxLength={2000}
            autosize
            minRows={2}
          />
        )}
        <Button onClick={() => void save()} loading={busy} style={{ alignSelf: "flex-start" }}>
          {t("save")}
        </Button>
      </Stack>
    </Paper>
  );
}
