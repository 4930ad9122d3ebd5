import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../db/schema/accounts";
import { createTestApp, createUser, signIn } from "../test/harness";
import { type PageSession, SESSION_COOKIE, hashSessionToken, withPageSession } from "./sessions";

/** One server-rendered page, many in-process API calls: they share the page's one session lookup (issue 16). */
describe("a page's session lookup", () => {
  const tokenOf = (cookie: string) => cookie.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1] as string;

  it("is made once for all of a page's calls with its cookie, and never given to another cookie", async () => {
    const t = await createTestApp();
    try {
      const carlos = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Carlos Page" })).id);
      const ana = await signIn(t.ctx, (await createUser(t.ctx, { fullName: "Ana Other" })).id);
      const me = async (headers: Record<string, string>, page?: PageSession) => {
        const request = { method: "GET" as const, url: "/api/v1/auth/me", headers };
        // As web.ts calls the API: the injected request straight from the page's callback.
        const response = await (page ? withPageSession(page, () => t.app.inject(request)) : t.app.inject(request));
        return response.statusCode === 200 ? (response.json() as { full_name: string }).full_name : response.statusCode;
      };
      const page: PageSession = { token: tokenOf(carlos.cookie) };
      const first = await me(carlos, page);
      // The session row is gone after the page's first lookup: the page's later calls use what it found then.
      await t.ctx.db.delete(sessions).where(eq(sessions.idHash, hashSessionToken(page.token)));
      const names = [first, await me(carlos, page), await me(ana, page)];
      // Ana's cookie inside Carlos's page is looked up on its own: she is never handed his session.
      expect(names).toEqual(["Carlos Page", "Carlos Page", "Ana Other"]);
      // Outside a page every call looks the session up again: the deleted one is signed out.
      expect(await me(carlos)).toBe(401);
      // A new page with that cookie starts with a new lookup.
      expect(await me(carlos, { token: page.token })).toBe(401);
    } finally {
      await t.close();
    }
  });
});
