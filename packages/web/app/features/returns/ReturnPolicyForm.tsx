import { Button, Paper, Stack, Title } from "@mantine/core";
import { returnsApi } from "@tianguis/domain/routes/returns";
import type { ReturnInfo } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
// The same return-info fields a product's form edits: the shop's default is that shape.
import { ReturnFields } from "../products/ReturnFields";

/** The shop's default return policy (commerce-and-accounts §3 'Return info'); a product's own return info overrides it. */
export function ReturnPolicyForm({ slug, policy }: { slug: string; policy: ReturnInfo }) {
  const t = useT();
  const [draft, setDraft] = useState<ReturnInfo>(policy);
  const { run, busy } = useMutation();
  const save = () => run(() => api(returnsApi.policyPut, { params: { slug }, body: draft }), { success: "return_policy_saved" });
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="return-policy-form">
      <Stack gap="sm">
        <Title order={2} size="h4" id="return-policy-form">
          {t("return_policy_title")}
        </Title>
        <ReturnFields value={draft} onChange={setDraft} />
        <Button onClick={() => void save()} loading={busy} style={{ alignSelf: "flex-start" }}>
          {t("save")}
        </Button>
      </Stack>
    </Paper>
  );
}
