import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import type { SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";

/**
 * The signed-in user's subscription while it has a prompt to show and the prompt was not hidden this session (under
 * `dismissKey` in sessionStorage); asked after the page loads. `refresh` asks again, `dismiss` hides it for the session.
 */
export function useSessionPrompt(dismissKey: string) {
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  const [hidden, setHidden] = useState(true);

  const refresh = useCallback(() => {
    api(subscriptionsApi.current)
      .then(setSubscription)
      .catch(() => setSubscription(null));
  }, []);

  useEffect(() => {
    setHidden(window.sessionStorage.getItem(dismissKey) === "1");
    refresh();
  }, [refresh, dismissKey]);

  const dismiss = useCallback(() => {
    window.sessionStorage.setItem(dismissKey, "1");
    setHidden(true);
  }, [dismissKey]);

  return { subscription: hidden || !subscription?.prompt ? null : subscription, refresh, dismiss };
}
