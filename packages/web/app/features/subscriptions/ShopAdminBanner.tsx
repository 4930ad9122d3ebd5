import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Box } from "@mantine/core";
import { SubscriptionPrompt } from "./SubscriptionPrompt";
import { useSessionPrompt } from "./useSessionPrompt";

/**
 * The subscription prompt as a banner on the shop's admin pages, for its signed-in admins (ShopAdminPrompt.tsx decides
 * who). Loaded after the page, hidden for the session on 'Ocultar'.
 */
export function ShopAdminBanner({ shop }: { shop: ShopView }) {
  const { subscription, refresh, dismiss } = useSessionPrompt("tianguis:subscription-prompt-hidden");
  if (!subscription) return null;
  return (
    <Box px={{ base: "sm", sm: "md" }} pt="sm" maw={1200} mx="auto" w="100%">
      <SubscriptionPrompt subscription={subscription} variant="banner" shopSlug={shop.slug} onChanged={refresh} onDismiss={dismiss} />
    </Box>
  );
}
