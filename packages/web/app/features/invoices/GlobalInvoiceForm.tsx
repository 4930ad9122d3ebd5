import { Button, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

const today = () => new Date().toISOString().slice(0, 10);

/** A global invoice to the public (XAXX010101000) for a period's paid sales that no invoice covers. */
export function GlobalInvoiceForm({ slug }: { slug: string }) {
  const t = useT();
  const [from, setFrom] = useState(() => `${today().slice(0, 8)}01`);
  const [to, setTo] = useState(today);
  const { run, busy } = useMutation();
  const issue = () => run(() => api(invoicesApi.globalIssue, { params: { slug }, body: { from, to } }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="global-invoice-form">
      <Stack gap="sm">
        <Title order={2} size="h4" id="global-invoice-form">
          {t("invoices_global_title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("invoices_global_text")}
        </Text>
        <Group grow gap="sm">
          <TextInput type="date" label={t("invoices_global_from")} value={from} onChange={(event) => setFrom(event.currentTarget.value)} />
          <TextInput type="date" label={t("invoices_global_to")} value={to} onChange={(event) => setTo(event.currentTarget.value)} />
        </Group>
        <Button variant="light" onClick={() => void issue()} loading={busy} disabled={!from || !to} style={{ alignSelf: "flex-start" }}>
          {t("invoices_global_issue")}
        </Button>
      </Stack>
    </Paper>
  );
}
