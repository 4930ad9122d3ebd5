import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  Modal,
  PasswordInput,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from "@mantine/core";
import { paymentAccountsApi } from "@tianguis/domain/routes/payment-accounts";
import { messageCode } from "@tianguis/domain/messages/index";
import type { PaymentAccountView, PaymentSettingsView } from "@tianguis/domain/schemas/payment-account";
import { useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

const statusColor = { untested: "yellow", connected: "teal", failed: "red" } as const;

/**
 * 'Formas de pago' → 'Cuentas de cobro' (issue #18): the shop's own provider accounts. Keys go in once (the secret ones
 * come back only as their last 4), each account is tested against its provider, and the switch moves the shop between
 * the sandbox (default) and its own live accounts.
 */
export function PaymentAccountsCard({ shopSlug, settings }: { shopSlug: string; settings: PaymentSettingsView }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [editing, setEditing] = useState<PaymentAccountView | null>(null);
  const params = (provider: PaymentAccountView["provider"]) => ({ params: { slug: shopSlug, provider } });

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t("payment_accounts_title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("payment_accounts_text")}
          </Text>
        </div>
        <Switch
          checked={settings.live}
          disabled={busy}
          label={t("payment_mode_label")}
          description={t(settings.live ? "payment_mode_live" : "payment_mode_sandbox")}
          onChange={(event) => {
            const live = event.currentTarget.checked;
            void run(() => api(paymentAccountsApi.mode, { params: { slug: shopSlug }, body: { live } }), { success: "payment_mode_saved" });
          }}
        />
        {settings.accounts.map((account) => (
          <AccountRow
            key={account.provider}
            account={account}
            busy={busy}
            onEdit={() => setEditing(account)}
            onTest={() => run(() => api(paymentAccountsApi.test, params(account.provider)), { success: "account_test_ok" })}
            onDisconnect={() =>
              run(() => api(paymentAccountsApi.disconnect, params(account.provider)), { success: "account_disconnected" })
            }
          />
        ))}
      </Stack>
      {editing && <KeysModal shopSlug={shopSlug} account={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function AccountRow({
  account,
  busy,
  onEdit,
  onTest,
  onDisconnect,
}: {
  account: PaymentAccountView;
  busy: boolean;
  onEdit: () => void;
  onTest: () => void;
  onDisconnect: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const name = t(`provider_${account.provider}`);
  const headingId = `account-${account.provider}`;
  return (
    <Card withBorder radius="sm" p="md" component="section" aria-labelledby={headingId}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h5" id={headingId}>
            {name}
          </Title>
          <Badge color={account.status ? statusColor[account.status] : "gray"} variant="light">
            {t(account.status ? `account_status_${account.status}` : "account_not_connected")}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t("account_methods", { methods: account.methods.map((method) => t(`pm_${method}`)).join(", ") })}
        </Text>
        {account.connected && (
          <>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("account_public_key")}: <Code>{account.public_key}</Code>
            </Text>
            <Text size="sm">{t("account_secret_hint", { last4: account.secret_hint ?? "" })}</Text>
            {account.checked_at && account.status === "connected" && (
              <Text size="xs" c="dimmed">
                {t("account_checked_at", { date: new Date(account.checked_at).toLocaleString(locale) })}
              </Text>
            )}
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("account_webhook_url")}: <Code>{account.webhook_url}</Code>
            </Text>
          </>
        )}
        {account.last_error && (
          <Alert color="red" role="alert" p="xs">
            {t(messageCode(account.last_error))}
          </Alert>
        )}
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant={account.connected ? "default" : "filled"}
            onClick={onEdit}
            aria-label={`${t(account.connected ? "account_replace_keys" : "account_connect")} · ${name}`}
          >
            {t(account.connected ? "account_replace_keys" : "account_connect")}
          </Button>
          {account.connected && (
            <>
              <Button size="xs" onClick={onTest} loading={busy} aria-label={`${t("account_test")} · ${name}`}>
                {t("account_test")}
              </Button>
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={onDisconnect}
                disabled={busy}
                aria-label={`${t("account_disconnect")} · ${name}`}
              >
                {t("account_disconnect")}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Card>
  );
}

/** Keys entered once: the secret fields start empty every time (the stored ones are never sent back). */
function KeysModal({ shopSlug, account, onClose }: { shopSlug: string; account: PaymentAccountView; onClose: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [fields, setFields] = useState<Record<string, string>>({});
  const [values, setValues] = useState({
    public_key: account.public_key ?? "",
    secret_key: "",
    webhook_secret: "",
    merchant_id: account.merchant_id ?? "",
  });
  const set = (name: keyof typeof values) => (event: { currentTarget: { value: string } }) => {
    const value = event.currentTarget.value;
    setValues((current) => ({ ...current, [name]: value }));
  };
  const submit = async () => {
    setFields({});
    const body = { ...values, merchant_id: account.provider === "openpay" ? values.merchant_id : undefined };
    const saved = await run(() => api(paymentAccountsApi.connect, { params: { slug: shopSlug, provider: account.provider }, body }), {
      success: "account_saved",
      onError: (failure) => {
        if (failure instanceof ApiRequestError && failure.body.fields) setFields(failure.body.fields);
      },
    });
    if (saved) onClose();
  };
  const pem = account.provider === "conekta";
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t(account.connected ? "account_replace_keys" : "account_connect")} · ${t(`provider_${account.provider}`)}`}
    >
      <Stack
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        {account.provider === "openpay" && (
          <TextInput
            label={t("account_merchant_id")}
            required
            value={values.merchant_id}
            onChange={set("merchant_id")}
            error={fields.merchant_id}
          />
        )}
        <TextInput
          label={t("account_public_key")}
          required
          value={values.public_key}
          onChange={set("public_key")}
          error={fields.public_key}
          autoComplete="off"
        />
        <PasswordInput
          label={t("account_secret_key")}
          required
          value={values.secret_key}
          onChange={set("secret_key")}
          error={fields.secret_key}
          autoComplete="off"
        />
        {pem ? (
          <Textarea
            label={t("account_webhook_secret")}
            required
            autosize
            minRows={3}
            value={values.webhook_secret}
            onChange={set("webhook_secret")}
            error={fields.webhook_secret}
          />
        ) : (
          <PasswordInput
            label={t("account_webhook_secret")}
            required
            value={values.webhook_secret}
            onChange={set("webhook_secret")}
            error={fields.webhook_secret}
            autoComplete="off"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="submit" loading={busy}>
            {t("account_save")}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
