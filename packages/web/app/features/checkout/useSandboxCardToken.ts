import { useEffect, useRef } from "react";

export interface SandboxCard {
  token: string;
  last4: string;
}

/**
 * The sandbox gateway's card frame answers with a token by postMessage (never the card number); `onCard` gets each
 * token the frame of this page's origin sends.
 */
export function useSandboxCardToken(onCard: (card: SandboxCard) => void): void {
  const handler = useRef(onCard);
  handler.current = onCard;
  useEffect(() => {
    const listen = (event: MessageEvent) => {
      if (event.origin !== window.location.origin) return;
      const data = event.data as { type?: string; token?: string; last4?: string };
      if (data.type === "sandbox-card-token" && data.token) handler.current({ token: data.token, last4: data.last4 ?? "" });
    };
    window.addEventListener("message", listen);
    return () => window.removeEventListener("message", listen);
  }, []);
}
