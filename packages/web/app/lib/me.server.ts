import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { MeView } from "@tianguis/domain/schemas/user";
import { redirect } from "react-router";
import type { WebLoadContext } from "../load-context";
import { callApi } from "./api/load.server";

export async function signedInUser(context: WebLoadContext): Promise<MeView | null> {
  const me = await callApi(context, accountsApi.me);
  return me.status === 200 ? me.data : null;
}

/** Pages for signed-in users send visitors to /login?next={this page}. */
export async function requireSignedIn(context: WebLoadContext, request: Request): Promise<MeView> {
  const user = await signedInUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?next=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  return user;
}
