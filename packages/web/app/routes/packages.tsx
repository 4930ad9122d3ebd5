import { translate } from "@tianguis/domain/messages/index";
import { PackagesPage } from "../features/packages/PackagesPage";
import { loadPackages } from "../features/packages/packages.server";
import type { Route } from "./+types/packages";

/** /apps/paquetes: membership packages (commerce-and-accounts §2). */
export async function loader({ context }: Route.LoaderArgs) {
  return { ...(await loadPackages(context)), title: translate(context.locale, "packages_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.title ?? ""} · Tianguis` }];

export default function Packages({ loaderData }: Route.ComponentProps) {
  return <PackagesPage packages={loaderData.packages} current={loaderData.current} signedIn={loaderData.signedIn} />;
}
