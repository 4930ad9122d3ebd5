import { Alert, Button, SimpleGrid, Skeleton, Stack, Text, TextInput } from "@mantine/core";
import { cardDigits, isValidCardCvc, isValidCardHolder, isValidCardNumber, parseCardExpiry } from "@tianguis/domain/rules/card";
import type { MessageCode } from "@tianguis/domain/messages/index";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { loadProviderScripts } from "./providerScript";

/** What a live card field hands the checkout: the provider's token (never the card), its last 4, and Openpay's device id. */
export interface LiveCard {
  token: string;
  last4: string;
  deviceSessionId?: string;
}

/** The card as typed, checked and split (spec §5): digits only, MM and YY apart. */
export interface TypedCard {
  number: string;
  holder: string;
  month: string;
  year: string;
  cvc: string;
}

/** Turns a typed card into the provider's token; rejects with the provider's message for the shopper (or none). */
export type Tokenise = (card: TypedCard) => Promise<{ token: string; deviceSessionId?: string }>;

type Field = "number" | "holder" | "expiry" | "cvc";
const invalid: Record<Field, MessageCode> = {
  number: "card_number_invalid",
  holder: "card_holder_invalid",
  expiry: "card_expiry_invalid",
  cvc: "card_cvc_invalid",
};

/** 4242424242424242 → "4242 4242 4242 4242" as the shopper types. */
const grouped = (value: string) => cardDigits(value.replace(/\D/g, "")).replace(/(\d{4})(?=\d)/g, "$1 ");
/** 1230 → "12/30" as the shopper types. */
const expiryMask = (value: string) => {
  const digits = value.replace(/\D/g, "").slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
};

/** A live card field whose provider script did not load (blocked or offline): the buyer is told, in their language. */
export function CardProviderUnavailable() {
  const t = useT();
  return (
    <Alert color="red" role="alert">
      {t("card_provider_unavailable")}
    </Alert>
  );
}

/**
 * The card inputs of a provider whose script tokenises fields we draw ourselves (Conekta.js, openpay.js): labelled inputs
 * checked in the shopper's language, then `setup` (run once the provider's scripts have loaded) gives the tokeniser.
 * The card number goes from these inputs to the provider's script only; the checkout receives the token and the last 4.
 */
export function CardFieldForm({
  provider,
  scripts,
  setup,
  onCard,
}: {
  /** The provider's name, shown in the note on where the card goes. */
  provider: string;
  scripts: readonly string[];
  setup: () => Tokenise;
  onCard: (card: LiveCard) => void;
}) {
  const t = useT();
  const tokenise = useRef<Tokenise | null>(null);
  const setupRef = useRef(setup);
  setupRef.current = setup;
  const [state, setState] = useState<"loading" | "ready" | "unavailable">("loading");
  const [values, setValues] = useState<Record<Field, string>>({ number: "", holder: "", expiry: "", cvc: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, MessageCode>>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let gone = false;
    loadProviderScripts(scripts)
      .then(() => {
        if (gone) return;
        tokenise.current = setupRef.current();
        setState("ready");
      })
      .catch(() => !gone && setState("unavailable"));
    return () => {
      gone = true;
    };
  }, [scripts]);

  const check = (): { card: TypedCard; problems: Partial<Record<Field, MessageCode>> } => {
    const expiry = parseCardExpiry(values.expiry, new Date());
    const problems: Partial<Record<Field, MessageCode>> = {};
    if (!isValidCardNumber(values.number)) problems.number = invalid.number;
    if (!isValidCardHolder(values.holder)) problems.holder = invalid.holder;
    if (!expiry) problems.expiry = invalid.expiry;
    if (!isValidCardCvc(values.cvc)) problems.cvc = invalid.cvc;
    const card = {
      number: cardDigits(values.number),
      holder: values.holder.trim(),
      month: expiry?.month ?? "",
      year: expiry?.year ?? "",
      cvc: values.cvc.trim(),
    };
    return { card, problems };
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { card, problems } = check();
    setErrors(problems);
    setError(null);
    if (Object.keys(problems).length > 0 || !tokenise.current) return;
    setBusy(true);
    try {
      const made = await tokenise.current(card);
      onCard({ ...made, last4: card.number.slice(-4) });
    } catch (failure) {
      setError(failure instanceof Error && failure.message ? failure.message : t("card_error"));
    } finally {
      setBusy(false);
    }
  };

  const input = (field: Field, change: (value: string) => string = (value) => value) => ({
    value: values[field],
    error: errors[field] ? t(errors[field]) : undefined,
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = change(event.currentTarget.value);
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => ({ ...current, [field]: undefined }));
    },
  });

  if (state === "unavailable") return <CardProviderUnavailable />;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs" role="group" aria-label={t("card_frame_title")}>
        {state === "loading" ? (
          <Skeleton height={180} radius="sm" />
        ) : (
          <>
            <TextInput
              label={t("card_number")}
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={23}
              placeholder="0000 0000 0000 0000"
              {...input("number", grouped)}
            />
            <TextInput label={t("card_holder")} autoComplete="cc-name" maxLength={100} {...input("holder")} />
            <SimpleGrid cols={2} spacing="xs">
              <TextInput
                label={t("card_expiry")}
                inputMode="numeric"
                autoComplete="cc-exp"
                maxLength={5}
                placeholder="12/30"
                {...input("expiry", expiryMask)}
              />
              <TextInput
                label={t("card_cvc")}
                inputMode="numeric"
                autoComplete="cc-csc"
                maxLength={4}
                {...input("cvc", (value) => value.replace(/\D/g, ""))}
              />
            </SimpleGrid>
          </>
        )}
        <Text size="xs" c="dimmed">
          {t("card_secure_note", { provider })}
        </Text>
        {error && (
          <Alert color="red" role="alert" p="xs">
            {error}
          </Alert>
        )}
        <Button type="submit" variant="default" disabled={state !== "ready"} loading={busy}>
          {t("card_use")}
        </Button>
      </Stack>
    </form>
  );
}
