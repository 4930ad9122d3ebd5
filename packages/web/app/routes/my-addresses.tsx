import { addressesApi } from "@tianguis/domain/routes/addresses";
import { translate } from "@tianguis/domain/messages/index";
import { AddressBook } from "../features/addresses/AddressBook";
import { localeOf } from "../features/shop/shop-meta";
import { loadSignedIn } from "../lib/api/load.server";
import type { Route } from "./+types/my-addresses";

export async function loader({ context, request }: Route.LoaderArgs) {
  return { addresses: (await loadSignedIn(context, request, addressesApi.list)).results };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `${translate(localeOf(matches), "my_addresses")} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/** The signed-in customer's address book; checkout offers the same addresses. */
export default function MyAddressesRoute({ loaderData }: Route.ComponentProps) {
  return <AddressBook initial={loaderData.addresses} />;
}
