import { Button, CloseButton, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconRocket } from "@tabler/icons-react";
import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { formatMoney } from "@tianguis/domain/money";
import type { SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { intentToOpen } from "../../lib/lazy-part";
import { notifyError, notifySuccess } from "../../ui/notify";
import { CardModal } from "./CardModal";

type Prompt = NonNullable<SubscriptionView["prompt"]>;

const texts: Record<Prompt["action"], { text: MessageCode; button: MessageCode }> = {
  start_trial: { text: "subscription_prompt_start_trial", button: "subscription_action_start_trial" },
  subscribe: { text: "subscription_prompt_subscribe", button: "subscription_action_subscribe" },
  setup_card: { text: "subscription_prompt_setup_card", button: "subscription_action_setup_card" },
  change_plan: { text: "subscription_prompt_change_plan", button: "subscription_action_change_plan" },
  reactivate: { text: "subscription_prompt_reactivate", button: "subscription_action_reactivate" },
};

/**
 * The subscription prompt (commerce-and-accounts §4): what the server's 7-case rule decided, as a block (the
 * subscription page), a banner (the shop admin pages) or a floating widget (the shop owner's own pages).
 * After an install a 3-D Secure url sends the browser to the bank; otherwise a success message and, when the
 * subscription waits for a card (pending_subscription), the 'Tarjeta Bancaria' modal opens.
 */
export function SubscriptionPrompt({
  subscription,
  variant,
  shopSlug,
  onChanged,
  onDismiss,
}: {
  subscription: SubscriptionView;
  variant: "block" | "banner" | "floating";
  shopSlug?: string;
  onChanged?: () => void;
  onDismiss?: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [cardsOpen, setCardsOpen] = useState(false);
  const prompt = subscription.prompt;
  const modal = (
    <CardModal
      opened={cardsOpen}
      onClose={() => {
        setCardsOpen(false);
        onChanged?.();
      }}
    />
  );
  // The same two slots whether a prompt shows or not, so the modal stays open when the prompt changes or goes away.
  if (!prompt)
    return (
      <>
        {null}
        {modal}
      </>
    );
  const { plan } = prompt;
  const copy = texts[prompt.action];

  const act = async () => {
    if (prompt.action === "setup_card") {
      setCardsOpen(true);
      return;
    }
    setBusy(true);
    try {
      const result = await api(subscriptionsApi.install, {
        body: { plan: plan.id as never, shop: shopSlug },
        headers: { "idempotency-key": crypto.randomUUID() },
      });
      if (result.url_3ds) {
        window.location.assign(result.url_3ds);
        return;
      }
      notifySuccess(t("success_title"), t("subscription_installed"));
      if (result.pending_subscription) setCardsOpen(true);
      onChanged?.();
    } catch (error) {
      notifyError(t("error_title"), error, t("generic_error"));
    } finally {
      setBusy(false);
    }
  };

  const price = t("subscription_prompt_price", { price: formatMoney({ amount: plan.list_price, currency: plan.currency }, locale) });
  return (
    <>
      <Paper
        component="section"
        aria-label={t("subscription_prompt_title")}
        withBorder
        radius="md"
        p={variant === "block" ? "lg" : "md"}
        bg={variant === "banner" ? "var(--mantine-color-teal-light)" : undefined}
        shadow={variant === "floating" ? "lg" : undefined}
      >
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: 1, minWidth: 220 }}>
            <ThemeIcon variant="light" color="teal" radius="xl" size="lg" aria-hidden>
              <IconRocket size={18} />
            </ThemeIcon>
            <Stack gap={2}>
              <Text fw={700}>{t(copy.text, { plan: plan.name, days: prompt.trial_days ?? plan.trial_days })}</Text>
              <Text size="sm" c="dimmed">
                {plan.name} · {price}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <Button onClick={act} loading={busy} {...(prompt.action === "setup_card" ? intentToOpen(CardModal) : {})}>
              {t(copy.button)}
            </Button>
            {onDismiss && <CloseButton aria-label={t("subscription_prompt_dismiss")} onClick={onDismiss} />}
          </Group>
        </Group>
      </Paper>
      {modal}
    </>
  );
}
