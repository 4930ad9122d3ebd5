import { PackagePayment } from "../features/packages/PackagePayment";
import { loadPackagePayment } from "../features/packages/packages.server";
import type { Route } from "./+types/package-pay";

/** /apps/paquetes/{package_id}/pagar?token={payment_token}: paying a package purchase (signed in). */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  return loadPackagePayment(context, request, params.packageId);
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.purchase.package.name ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

export default function PackagePay({ loaderData }: Route.ComponentProps) {
  return <PackagePayment key={loaderData.purchase.state} purchase={loaderData.purchase} />;
}
