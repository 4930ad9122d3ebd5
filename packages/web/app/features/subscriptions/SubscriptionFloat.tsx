import { useUser } from "../../lib/user";
import { SubscriptionPrompt } from "./SubscriptionPrompt";
import classes from "./SubscriptionFloat.module.css";
import { useSessionPrompt } from "./useSessionPrompt";

/**
 * The subscription prompt as a floating widget at the right side, 6 px from the bottom (SubscriptionFloatGate.tsx
 * decides where and for whom). Loaded after the page, hidden for the session when closed.
 */
export function SubscriptionFloat() {
  const user = useUser();
  const { subscription, refresh, dismiss } = useSessionPrompt("tianguis:subscription-float-hidden");
  if (!subscription) return null;
  return (
    <div className={classes.float}>
      <SubscriptionPrompt
        subscription={subscription}
        variant="floating"
        shopSlug={user?.shop_slug ?? undefined}
        onChanged={refresh}
        onDismiss={dismiss}
      />
    </div>
  );
}
