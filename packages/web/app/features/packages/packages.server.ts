import { packagesApi } from "@tianguis/domain/routes/packages";
import { isPackageId } from "@tianguis/domain/rules/packages";
import { data, redirect } from "react-router";
import { callApi, load, loadSignedIn } from "../../lib/api/load.server";
import type { WebLoadContext } from "../../load-context";
import { signedInUser } from "../../lib/me.server";

/** /apps/paquetes: the packages and, for a signed-in user, the one held now. */
export async function loadPackages(context: WebLoadContext) {
  const [list, user] = await Promise.all([load(context, packagesApi.list), signedInUser(context)]);
  const current = user ? await callApi(context, packagesApi.current) : null;
  return { packages: list.results, current: current?.status === 200 ? current.data.current : null, signedIn: Boolean(user) };
}

function packageIdOf(id: string | undefined) {
  if (!id || !isPackageId(id)) throw data({ code: "package_not_found" }, { status: 404 });
  return id;
}

/** /apps/paquetes/{id}: one package, with the held one for a signed-in user. */
export async function loadPackage(context: WebLoadContext, id: string | undefined) {
  const packageId = packageIdOf(id);
  const [pkg, overview] = await Promise.all([load(context, packagesApi.get, { params: { id: packageId } }), loadPackages(context)]);
  return { pkg, current: overview.current, signedIn: overview.signedIn };
}

/** /apps/paquetes/{id}/pagar?token=…: the signed-in buyer's purchase (a visitor signs in and comes back). */
export async function loadPackagePayment(context: WebLoadContext, request: Request, id: string | undefined) {
  packageIdOf(id);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (token.length < 16) throw data({ code: "package_purchase_not_found" }, { status: 404 });
  const purchase = await loadSignedIn(context, request, packagesApi.purchaseByToken, { params: { token } });
  return { purchase };
}

/** Package purchases' payment tokens start with 'pkg_' (server modules/packages/service.ts). */
export function isPackagePaymentToken(token: string): boolean {
  return token.startsWith("pkg_");
}

/** /me/payments/{payment_token} of a package purchase: its payment page. */
export async function redirectToPackagePayment(context: WebLoadContext, request: Request, token: string): Promise<never> {
  const purchase = await loadSignedIn(context, request, packagesApi.purchaseByToken, { params: { token } });
  throw redirect(`/apps/paquetes/${purchase.package.id}/pagar?token=${encodeURIComponent(token)}`);
}
