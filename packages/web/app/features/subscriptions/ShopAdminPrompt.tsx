import { subscriptionsApi } from "@tianguis/domain/routes/subscriptions";
import type { SubscriptionView } from "@tianguis/domain/schemas/subscription";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Box } from "@mantine/core";
import { useCallback, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { isShopAdmin } from "../../lib/access";
import { api } from "../../lib/api/client";
import { useUser } from "../../lib/user";
import { SubscriptionPrompt } from "./SubscriptionPrompt";

const DISMISS_KEY = "tianguis:subscription-prompt-hidden";

/**
 * The subscription prompt in the shop's admin pages, as a banner: only for a signed-in shop admin (commerce-and-accounts
 * §6 'Subscription prompt only for non-anonymous shop admins'). Loaded after the page, hidden for the session on 'Ocultar'.
 */
export function ShopAdminPrompt({ shop }: { shop: ShopView }) {
  const user = useUser();
  const { pathname } = useLocation();
  const onAdminPage = pathname.includes("/admin/");
  const [subscription, setSubscription] = useState<SubscriptionView | null>(null);
  const [hidden, setHidden] = useState(true);
  const allowed = !!user && isShopAdmin(shop) && onAdminPage;

  const refresh = useCallback(() => {
    api(subscriptionsApi.current)
      .then(setSubscription)
      .catch(() => setSubscription(null));
  }, []);

  useEffect(() => {
    setHidden(window.sessionStorage.getItem(DISMISS_KEY) === "1");
    if (allowed) refresh();
  }, [allowed, refresh]);

  if (!allowed || hidden || !subscription?.prompt) return null;
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
