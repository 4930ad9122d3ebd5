import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconFileInvoice, IconPencil } from "@tabler/icons-react";
import { ordersApi } from "@tianguis/domain/routes/orders";
import { fieldCodeOf } from "@tianguis/domain/messages/field-codes";
import { type MessageCode, messageCode } from "@tianguis/domain/messages/index";
import { type InvoicingData, cfdiUses, invoicingData, taxRegimes } from "@tianguis/domain/schemas/order";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";
import { PurchaseFact } from "./PurchaseFact";
import classes from "./purchase.module.css";

type Field = keyof InvoicingData;
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, MessageCode>>;

const empty: Values = { rfc: "", legal_name: "", postal_code: "", tax_regime: "", cfdi_use: "" };

/** Field → catalogue code of its first problem; the same schema the API validates with. */
function errorsOf(values: Values): Errors {
  const parsed = invoicingData.safeParse(values);
  const errors: Errors = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) errors[issue.path[0] as Field] ??= fieldCodeOf(issue);
  return errors;
}

/**
 * 'Datos de facturación' of one order (spec §3 'Purchase-order concepts': invoicing data, tax regime, CFDI use):
 * the saved values, or the form to enter them; errors in the visitor's language, from the form or the API.
 */
export function CustomerInvoicing({
  orderId,
  invoicing,
  token,
}: {
  orderId: string;
  invoicing: InvoicingData | null;
  token: string | null;
}) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>(invoicing ?? empty);
  const [errors, setErrors] = useState<Errors>({});
  const { run, busy } = useMutation();
  const titleId = `invoicing-${orderId}`;

  const save = (event: React.FormEvent) => {
    event.preventDefault();
    const found = errorsOf(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    void run(
      () => api(ordersApi.invoicing, { params: { id: orderId }, query: token ? { token } : {}, body: invoicingData.parse(values) }),
      {
        success: "purchase_invoicing_saved",
        onSuccess: () => setEditing(false),
        onError: (failure) => {
          const codes = failure instanceof ApiRequestError ? failure.body.field_codes : undefined;
          if (!codes) return false;
          setErrors(Object.fromEntries(Object.entries(codes).map(([field, code]) => [field, messageCode(code)])));
          return true;
        },
      },
    );
  };
  const field = (name: Field) => ({
    value: values[name],
    error: errors[name] ? t(errors[name]) : undefined,
    onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      setErrors((current) => ({ ...current, [name]: undefined }));
    },
  });
  const choose = { value: "", label: t("purchase_choose"), disabled: true };

  return (
    <Stack gap="sm" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md" id={titleId}>
          {t("invoicing_data")}
        </Title>
        {!editing && (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={invoicing ? <IconPencil size={14} /> : <IconFileInvoice size={14} />}
            onClick={() => {
              setValues(invoicing ?? empty);
              setErrors({});
              setEditing(true);
            }}
            className={classes.noPrint}
          >
            {invoicing ? t("purchase_invoicing_edit") : t("purchase_invoicing_add")}
          </Button>
        )}
      </Group>
      {!editing && invoicing && (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" component="dl" m={0}>
          <PurchaseFact label={t("rfc")}>{invoicing.rfc}</PurchaseFact>
          <PurchaseFact label={t("legal_name")}>{invoicing.legal_name}</PurchaseFact>
          <PurchaseFact label={t("fiscal_postal_code")}>{invoicing.postal_code}</PurchaseFact>
          <PurchaseFact
            label={t("tax_regime")}
          >{`${invoicing.tax_regime} · ${t(messageCode(`tax_regime_${invoicing.tax_regime}`))}`}</PurchaseFact>
          <PurchaseFact label={t("cfdi_use")}>{`${invoicing.cfdi_use} · ${t(messageCode(`cfdi_use_${invoicing.cfdi_use}`))}`}</PurchaseFact>
        </SimpleGrid>
      )}
      {!editing && !invoicing && (
        <Text size="sm" c="dimmed">
          {t("purchase_invoicing_text")}
        </Text>
      )}
      {editing && (
        <form onSubmit={save} noValidate aria-label={t("invoicing_data")}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t("purchase_invoicing_text")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput label={t("rfc")} required maxLength={13} autoCapitalize="characters" {...field("rfc")} />
              <TextInput label={t("legal_name")} required maxLength={300} autoComplete="organization" {...field("legal_name")} />
              <TextInput
                label={t("fiscal_postal_code")}
                required
                maxLength={5}
                inputMode="numeric"
                autoComplete="postal-code"
                {...field("postal_code")}
              />
              <NativeSelect
                label={t("tax_regime")}
                required
                data={[choose, ...taxRegimes.map((code) => ({ value: code, label: `${code} · ${t(messageCode(`tax_regime_${code}`))}` }))]}
                {...field("tax_regime")}
              />
              <NativeSelect
                label={t("cfdi_use")}
                required
                data={[choose, ...cfdiUses.map((code) => ({ value: code, label: `${code} · ${t(messageCode(`cfdi_use_${code}`))}` }))]}
                {...field("cfdi_use")}
              />
            </SimpleGrid>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setEditing(false)} disabled={busy}>
                {t("cancel")}
              </Button>
              <Button type="submit" loading={busy}>
                {t("purchase_invoicing_save")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
