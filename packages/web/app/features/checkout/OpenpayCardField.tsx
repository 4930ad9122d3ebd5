import type { MessageCode } from "@tianguis/domain/messages/index";
import { useT } from "../../lib/i18n";
import { CardFieldForm, type LiveCard, type Tokenise } from "./CardFieldForm";

/**
 * The card field of a shop charging live with its own Openpay account (issue #18): openpay.js, loaded from Openpay with
 * the account's merchant id and public key (payment_metadata.op_merchant_id, op_public_key), turns the card typed in our
 * inputs into a token, and openpay-data.js gives the device session id Openpay's antifraud needs on every card charge.
 * Only the token, the device session id and the last 4 reach our API.
 */
export const OPENPAY_JS_URLS = ["https://js.openpay.mx/openpay.v1.min.js", "https://js.openpay.mx/openpay-data.v1.min.js"] as const;

interface OpenpayJs {
  setId(merchantId: string): void;
  setApiKey(publicKey: string): void;
  setSandboxMode(sandbox: boolean): void;
  deviceData: { setup(): string };
  token: {
    create(
      card: { card_number: string; holder_name: string; expiration_year: string; expiration_month: string; cvv2: string },
      success: (response: { data: { id: string } }) => void,
      failure: (response: { data?: { error_code?: number } | null }) => void,
    ): void;
  };
}
/**
 * Openpay answers a refused card in English (`description`); the shopper reads the catalogue's text for its error code
 * (https://documents.openpay.mx/docs/api/#c-digos-de-error).
 */
function openpayMessage(code: number | undefined): MessageCode {
  if (code === 2004) return "card_number_invalid";
  if (code === 2005) return "card_expiry_invalid";
  if (code === 2006) return "card_cvc_invalid";
  if (code !== undefined && code >= 3001 && code <= 3012) return "card_declined";
  return "card_error";
}

declare global {
  interface Window {
    OpenPay?: OpenpayJs;
  }
}

export function OpenpayCardField({
  merchantId,
  publicKey,
  sandbox,
  onCard,
}: {
  merchantId: string;
  publicKey: string;
  /** The account is Openpay's sandbox (op_sandbox_mode): openpay.js then talks to Openpay's sandbox host. */
  sandbox: boolean;
  onCard: (card: LiveCard) => void;
}) {
  const t = useT();
  const setup = (): Tokenise => {
    const openpay = window.OpenPay;
    if (!openpay) throw new Error("openpay.js did not define OpenPay");
    openpay.setId(merchantId);
    openpay.setApiKey(publicKey);
    openpay.setSandboxMode(sandbox);
    const deviceSessionId = openpay.deviceData.setup();
    return (card) =>
      new Promise((resolve, reject) =>
        openpay.token.create(
          {
            card_number: card.number,
            holder_name: card.holder,
            expiration_year: card.year,
            expiration_month: card.month,
            cvv2: card.cvc,
          },
          (response) => resolve({ token: response.data.id, deviceSessionId }),
          (response) => reject(new Error(t(openpayMessage(response.data?.error_code)))),
        ),
      );
  };
  return <CardFieldForm provider="Openpay" scripts={OPENPAY_JS_URLS} setup={setup} onCard={onCard} />;
}
