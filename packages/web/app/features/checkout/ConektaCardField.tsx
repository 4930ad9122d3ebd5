import { useLocale } from "../../lib/i18n";
import { CardFieldForm, type LiveCard, type Tokenise } from "./CardFieldForm";

/**
 * The card field of a shop charging live with its own Conekta account (issue #18): Conekta.js, loaded from Conekta with
 * the account's public key (payment_metadata.ck_public_key), turns the card typed in our inputs into a token
 * (`tok_…`); only the token and the last 4 reach our API. A refused card shows Conekta's own `message_to_purchaser`, asked
 * for in the shopper's language, or the catalogue's generic card error.
 */
export const CONEKTA_JS_URL = "https://cdn.conekta.io/js/latest/conekta.js";
const scripts = [CONEKTA_JS_URL];

interface ConektaJs {
  setPublicKey(key: string): void;
  /** The language of `message_to_purchaser`. */
  setLanguage(language: "es" | "en"): void;
  Token: {
    create(
      params: { card: { number: string; name: string; exp_month: string; exp_year: string; cvc: string } },
      success: (token: { id: string }) => void,
      failure: (error: { message_to_purchaser?: string; message?: string }) => void,
    ): void;
  };
}
declare global {
  interface Window {
    Conekta?: ConektaJs;
  }
}

export function ConektaCardField({ publicKey, onCard }: { publicKey: string; onCard: (card: LiveCard) => void }) {
  const locale = useLocale();
  const setup = (): Tokenise => {
    const conekta = window.Conekta;
    if (!conekta) throw new Error("Conekta.js did not define Conekta");
    conekta.setPublicKey(publicKey);
    conekta.setLanguage(locale === "en" ? "en" : "es");
    return (card) =>
      new Promise((resolve, reject) =>
        conekta.Token.create(
          { card: { number: card.number, name: card.holder, exp_month: card.month, exp_year: card.year, cvc: card.cvc } },
          (token) => resolve({ token: token.id }),
          (error) => reject(new Error(error.message_to_purchaser ?? "")),
        ),
      );
  };
  return <CardFieldForm provider="Conekta" scripts={scripts} setup={setup} onCard={onCard} />;
}
