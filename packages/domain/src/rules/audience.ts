/** Who a slide, banner or header is shown to (spec §3 Slider item target). */
export const audienceTargets = ["all", "anon", "ul0", "ul1", "ul2"] as const;
export type AudienceTarget = (typeof audienceTargets)[number];
export type Audience = Exclude<AudienceTarget, "all">;

/**
 * The audience of a visitor: anonymous, or a registered user by level — ul0 registered, ul1 entrepreneur
 * without store, ul2 entrepreneur with store (level 3 counts as a store owner too).
 */
export function audienceOf(userLevel: number | null | undefined): Audience {
  if (userLevel === null || userLevel === undefined) return "anon";
  if (userLevel <= 0) return "ul0";
  if (userLevel === 1) return "ul1";
  return "ul2";
}

export function isShownTo(target: string | null | undefined, audience: Audience): boolean {
  return !target || target === "all" || target === audience;
}

/** The targets a query must match for `audience` (used to filter in SQL). */
export function targetsFor(audience: Audience): AudienceTarget[] {
  return ["all", audience];
}

/**
 * The header's 'signup' action (storefront-and-admin §6 'Header signup action shows only for level zero'), read as a
 * seller means it: level zero is whoever has no account yet, the anonymous visitor a sign-up button is for. A signed-in
 * customer (ul0) already has an account, and /register would only send them to their preferences.
 */
export function showsSignupAction(userLevel: number | null | undefined): boolean {
  return audienceOf(userLevel) === "anon";
}
