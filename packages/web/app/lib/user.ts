import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { MeView } from "@tianguis/domain/schemas/user";
import { useEffect, useSyncExternalStore } from "react";
import { useRouteLoaderData } from "react-router";
import { ApiRequestError, api } from "./api/client";

/** What the root loader gives every page about its visitor. */
export interface RootViewer {
  user?: MeView | null;
  /**
   * True on a signed-in visitor's page shared with their audience (server web-cache.ts `audiencePageKey`): `user` is
   * then `viewerOfLevel`'s, and the person is loaded in the browser after hydration (`usePersonLoader`).
   */
  personPending?: boolean;
}

/** A signed-in viewer of this user level with nothing of the person: no id, name, e-mail, photo, shop or staff flags. */
export function viewerOfLevel(userLevel: number): MeView {
  return {
    id: "",
    username: "",
    full_name: "",
    image: null,
    user_level: userLevel,
    shop_slug: null,
    platform_admin: false,
    advisor: false,
  };
}

/** The person a shared page's browser loaded (undefined: not yet; null: no longer signed in). */
let person: MeView | null | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/**
 * The signed-in user, or null for an anonymous visitor. On a page shared with the visitor's audience it is the
 * person-less viewer until the browser has loaded the person (an empty `id` says so).
 */
export function useUser(): MeView | null {
  const data = useRouteLoaderData("root") as RootViewer | undefined;
  const loaded = useSyncExternalStore(
    subscribe,
    () => person,
    () => undefined,
  );
  if (data?.personPending && loaded !== undefined) return loaded;
  return data?.user ?? null;
}

/** Loads the person of a page shared with their audience, once, after hydration (the root layout calls it). */
export function usePersonLoader() {
  const data = useRouteLoaderData("root") as RootViewer | undefined;
  const pending = data?.personPending === true;
  useEffect(() => {
    if (!pending || person !== undefined) return;
    const controller = new AbortController();
    api(accountsApi.me, { signal: controller.signal }).then(
      (me) => setPerson(me),
      (error: unknown) => {
        if (error instanceof ApiRequestError && error.status === 401) setPerson(null);
      },
    );
    return () => controller.abort();
  }, [pending]);
}

function setPerson(value: MeView | null) {
  person = value;
  for (const listener of listeners) listener();
}
