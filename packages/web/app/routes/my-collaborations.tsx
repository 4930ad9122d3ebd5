import { translate } from "@tianguis/domain/messages/index";
import { CollaborationsPage } from "../features/collaborators/CollaborationsPage";
import { loadCollaborations } from "../features/collaborators/collaborators.server";
import { localeOf } from "../features/shop/shop-meta";
import type { Route } from "./+types/my-collaborations";

export async function loader({ context, request }: Route.LoaderArgs) {
  return loadCollaborations(context, request);
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "collaborations_title")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** /apps/me/colaboraciones 'Mis colaboraciones': invitations to answer and the stores the user collaborates with. */
export default function MyCollaborationsRoute({ loaderData }: Route.ComponentProps) {
  return <CollaborationsPage {...loaderData} />;
}
