import { translate } from "@tianguis/domain/messages/index";
import { HelpCenter } from "../features/support/HelpCenter";
import type { Route } from "./+types/help";

export function loader({ context }: Route.LoaderArgs) {
  return { title: translate(context.locale, "help_title"), description: translate(context.locale, "help_intro") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "description", content: data?.description ?? "" },
];

/** /ayuda: the support centre (advisor modal's support-centre link). */
export default function Help() {
  return <HelpCenter />;
}
