import { Button, Group, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { Form } from "react-router";
import { useT } from "../../lib/i18n";

/** The spec's invoice-number prefix filter: a GET form, so the filter lives in the URL (?numero=A-1) and alerts can link to it. */
export function InvoiceFilter({ number, state }: { number: string; state?: string | null }) {
  const t = useT();
  return (
    <Form method="get" role="search">
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          name="numero"
          label={t("invoices_prefix_label")}
          placeholder={t("invoices_prefix_placeholder")}
          defaultValue={number}
          maxLength={30}
          style={{ flex: 1 }}
        />
        {state ? <input type="hidden" name="estado" value={state} /> : null}
        <Button type="submit" variant="light" leftSection={<IconSearch size={16} aria-hidden />}>
          {t("invoices_filter_apply")}
        </Button>
      </Group>
    </Form>
  );
}
