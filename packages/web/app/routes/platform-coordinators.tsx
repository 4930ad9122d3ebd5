import { translate } from "@tianguis/domain/messages/index";
import { CoordinatorRequestsPage } from "../features/accounts/CoordinatorRequestsPage";
import { loadCoordinatorRequests } from "../features/accounts/coordinator-requests.server";
import type { Route } from "./+types/platform-coordinators";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { title: translate(context.locale, "platform_coordinators_title"), data: await loadCoordinatorRequests(context, request) };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /plataforma/coordinadores: the platform admin grants or refuses level-two users' requests to coordinate. */
export default function PlatformCoordinators({ loaderData }: Route.ComponentProps) {
  return <CoordinatorRequestsPage data={loaderData.data} />;
}
