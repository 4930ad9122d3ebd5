import { PackageDetail } from "../features/packages/PackageDetail";
import { loadPackage } from "../features/packages/packages.server";
import type { Route } from "./+types/package";

/** /apps/paquetes/{package_id}: one membership package. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return loadPackage(context, params.packageId);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.pkg.name ?? ""} · Tianguis` },
  { name: "description", content: data?.pkg.description ?? "" },
];

export default function Package({ loaderData }: Route.ComponentProps) {
  return <PackageDetail pkg={loaderData.pkg} current={loaderData.current} signedIn={loaderData.signedIn} />;
}
