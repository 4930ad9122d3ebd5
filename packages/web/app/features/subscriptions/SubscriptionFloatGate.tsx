import { useMediaQuery, useMounted } from "@mantine/hooks";
import { floatsSubscriptionPrompt } from "@tianguis/domain/rules/subscription-prompt";
import { useLocation } from "react-router";
import { lazyPart } from "../../lib/lazy-part";
import { useUser } from "../../lib/user";

const SubscriptionFloat = lazyPart(() => import("./SubscriptionFloat").then((module) => module.SubscriptionFloat));

/**
 * The subscription prompt floating on a signed-in shop owner's own pages (rules/subscription-prompt.ts
 * floatsSubscriptionPrompt); no one else downloads it. Loaded after the page, like the subscription it shows. Not on a
 * phone, where a fixed card would cover the page's own buttons (a form's 'Guardar'): there the admin banner and the
 * subscription page carry the prompt.
 */
export function SubscriptionFloatGate() {
  const user = useUser();
  const mounted = useMounted();
  const wide = useMediaQuery("(min-width: 48em)");
  const { pathname } = useLocation();
  return mounted && wide && floatsSubscriptionPrompt(pathname, user) ? <SubscriptionFloat /> : null;
}
