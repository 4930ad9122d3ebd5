import { useMounted } from "@mantine/hooks";
import { floatsSubscriptionPrompt } from "@tianguis/domain/rules/subscription-prompt";
import { useLocation } from "react-router";
import { lazyPart } from "../../lib/lazy-part";
import { useUser } from "../../lib/user";

const SubscriptionFloat = lazyPart(() => import("./SubscriptionFloat").then((module) => module.SubscriptionFloat));

/**
 * The subscription prompt floating on a signed-in shop owner's own pages (rules/subscription-prompt.ts
 * floatsSubscriptionPrompt); no one else downloads it. Loaded after the page, like the subscription it shows.
 */
export function SubscriptionFloatGate() {
  const user = useUser();
  const mounted = useMounted();
  const { pathname } = useLocation();
  return mounted && floatsSubscriptionPrompt(pathname, user) ? <SubscriptionFloat /> : null;
}
