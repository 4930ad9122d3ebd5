import { packagesApi } from "@tianguis/domain/routes/packages";
import { translate } from "@tianguis/domain/messages/index";
import { requireSignedIn } from "../lib/me.server";
import { AssistantsPage } from "../features/onboarding/AssistantsPage";
import { load } from "../lib/api/load.server";
import type { Route } from "./+types/assistants";

/** /asistentes/emprendedores: the entrepreneur's next steps (signed in; a visitor signs in and comes back). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = await requireSignedIn(context, request);
  const { current } = await load(context, packagesApi.current);
  return { user, current, title: translate(context.locale, "assistants_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function Assistants({ loaderData }: Route.ComponentProps) {
  return <AssistantsPage user={loaderData.user} current={loaderData.current} />;
}
