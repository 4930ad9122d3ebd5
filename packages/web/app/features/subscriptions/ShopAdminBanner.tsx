import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import type { SubscriptionView } from "@tianguis/domain/schemas/subscription";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Box } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { SubscriptionPrompt } from "./SubscriptionPrompt";

const DISMISS_KEY = "tianguis:subscription-prompt-hidden";

/**
 * The subscription prompt as a banner on the shop's admin pages, for its signed-in admins (ShopAdminPrompt.tsx decides
 * who). Loaded after the page, hidden for the session on 'Ocultar'.
 */
export function ShopAdminBanner({ shop }: { shop: ShopView }) {
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
    <Box px={{ base: "sm", sm: "md" }} pt="sm" maw={1200} mx="auto" w="100%">
      <SubscriptionPrompt
        subscription={subscription}
        variant="banner"
        shopSlug={shop.slug}
        onChanged={refresh}
        onDismiss={() => {
          window.sessionStorage.setItem(DISMISS_KEY, "1");
          setHidden(true);
        }}
      />
    </Box>
  );
}
