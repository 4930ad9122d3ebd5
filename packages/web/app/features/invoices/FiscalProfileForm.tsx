import { Button, Checkbox, NativeSelect, Paper, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { messageCode } from "@tianguis/domain/messages/index";
import { taxRates } from "@tianguis/domain/rules/cfdi";
import { invoicesApi } from "@tianguis/domain/routes/invoices";
import { type FiscalProfileBody, type FiscalProfileView, pacNames } from "@tianguis/domain/schemas/invoice";
import { taxRegimes } from "@tianguis/domain/schemas/order";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

type Draft = Omit<FiscalProfileBody, "pac_key"> & { pac_key: string };

function draftOf(profile: FiscalProfileView | null): Draft {
  return {
    rfc: profile?.rfc ?? "",
    legal_name: profile?.legal_name ?? "",
    tax_regime: profile?.tax_regime ?? "601",
    postal_code: profile?.postal_code ?? "",
    series: profile?.series ?? "A",
    tax_rate: profile?.tax_rate ?? "iva16",
    auto_invoice: profile?.auto_invoice ?? false,
    pac: profile?.pac ?? "sandbox",
    pac_key: "",
  };
}

/** The shop's fiscal data, entered once (issue #30 §1): what its invoices are stamped with, and by which PAC. */
export function FiscalProfileForm({ slug, profile }: { slug: string; profile: FiscalProfileView | null }) {
  const t = useT();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const [fields, setFields] = useState<Record<string, string>>({});
  const { run, busy } = useMutation();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const text = (key: "rfc" | "legal_name" | "postal_code" | "series") => ({
    value: draft[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => set(key, event.currentTarget.value),
    error: fields[key],
  });
  const save = () => {
    const { pac_key, ...rest } = draft;
    return run(
      () => api(invoicesApi.profilePut, { params: { slug }, body: { ...rest, ...(pac_key.trim() ? { pac_key: pac_key.trim() } : {}) } }),
      {
        success: "fiscal_profile_saved",
        onSuccess: () => setFields({}),
        onError: (error) => {
          if (error instanceof ApiRequestError && error.body.fields) setFields(error.body.fields as Record<string, string>);
        },
      },
    );
  };
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="fiscal-profile-form">
      <Stack gap="sm">
        <Title order={2} size="h4" id="fiscal-profile-form">
          {t("fiscal_profile_title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("fiscal_profile_text")}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("fiscal_rfc")} required maxLength={13} {...text("rfc")} />
          <TextInput label={t("fiscal_issue_postal_code")} required maxLength={5} inputMode="numeric" {...text("postal_code")} />
        </SimpleGrid>
        <TextInput label={t("fiscal_legal_name")} required maxLength={300} {...text("legal_name")} />
        <NativeSelect
          label={t("fiscal_regime")}
          value={draft.tax_regime}
          error={fields.tax_regime}
          onChange={(event) => set("tax_regime", event.currentTarget.value as Draft["tax_regime"])}
          data={taxRegimes.map((code) => ({ value: code, label: `${code} · ${t(messageCode(`tax_regime_${code}`))}` }))}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label={t("fiscal_series")} required maxLength={10} {...text("series")} />
          <NativeSelect
            label={t("fiscal_tax_rate")}
            value={draft.tax_rate}
            onChange={(event) => set("tax_rate", event.currentTarget.value as Draft["tax_rate"])}
            data={taxRates.map((rate) => ({ value: rate, label: t(messageCode(`fiscal_tax_rate_${rate}`)) }))}
          />
        </SimpleGrid>
        {profile && (
          <Text size="xs" c="dimmed">
            {t("fiscal_next_folio", { number: `${profile.series}-${profile.next_folio}` })}
          </Text>
        )}
        <Checkbox
          label={t("fiscal_auto_invoice")}
          checked={draft.auto_invoice}
          onChange={(event) => set("auto_invoice", event.currentTarget.checked)}
        />
        <NativeSelect
          label={t("fiscal_pac")}
          value={draft.pac}
          onChange={(event) => set("pac", event.currentTarget.value as Draft["pac"])}
          data={pacNames.map((pac) => ({ value: pac, label: t(messageCode(`fiscal_pac_${pac}`)) }))}
        />
        {draft.pac === "facturapi" && (
          <PasswordInput
            label={t("fiscal_pac_key")}
            description={profile?.pac_key_hint ? t("fiscal_pac_key_saved", { hint: profile.pac_key_hint }) : undefined}
            value={draft.pac_key}
            error={fields.pac_key}
            autoComplete="off"
            onChange={(event) => set("pac_key", event.currentTarget.value)}
          />
        )}
        <Button onClick={() => void save()} loading={busy} style={{ alignSelf: "flex-start" }}>
          {t("fiscal_profile_save")}
        </Button>
      </Stack>
    </Paper>
  );
}
