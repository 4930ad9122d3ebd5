import type { MeView } from "@tianguis/domain/schemas/user";
import { useRouteLoaderData } from "react-router";

/** The signed-in user from the root loader, or null for an anonymous visitor. */
export function useUser(): MeView | null {
  const data = useRouteLoaderData("root") as { user?: MeView | null } | undefined;
  return data?.user ?? null;
}
