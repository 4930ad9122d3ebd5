import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import type { SubscriptionView } from "@tianguis/domain/schemas/subscription";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useUser } from "../../lib/user";
import { SubscriptionPrompt } from "./SubscriptionPrompt";
import classes from "./SubscriptionFloat.module.css";

const DISMISS_KEY = "tianguis:subscription-float-hidden";

/**
 * The subscription prompt as a floating widget at the right side, 6 px from the bottom (SubscriptionFloatGate.tsx
 * decides where and for whom). Loaded after the page, hidden for the session when closed.
 */
export function SubscriptionFloat() {
  const user = useUser();
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  const [hidden, setHidden] = useState(true);

  const refresh = useCallback(() => {
    api(subscriptionsApi.current)
      .then(setSubscription)
      .catch(() => setSubscription(null));
  }, []);

  useEffect(() => {
    setHidden(window.sessionStorage.getItem(DISMISS_KEY) === "1");
    refresh();
  }, [refresh]);

  if (hidden || !subscription?.prompt) return null;
  return (
    <div className={classes.float}>
      <SubscriptionPrompt
        subscription={subscription}
        variant="floating"
        shopSlug={user?.shop_slug ?? undefined}
        onChanged={refresh}
        onDismiss={() => {
          window.sessionStorage.setItem(DISMISS_KEY, "1");
          setHidden(true);
        }}
      />
    </div>
  );
}
