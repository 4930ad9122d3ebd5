import { describe, expect, it } from "vitest";
import {
  attributionFromCookies,
  campaignLanding,
  campaignName,
  hasReferralArea,
  isShareWidgetVisible,
  isSitePage,
  membershipResidual,
  trackingCookiesFor,
  trackingSetCookie,
  trackingValue,
  withSignupTracking,
  withReferral,
} from "./referral";

const entrepreneur = { user_level: 1, shop_slug: null };
const owner = { user_level: 0, shop_slug: "mateo" };
const customer = { user_level: 0, shop_slug: null };

describe("who has the referral area", () => {
  it.each([
    ["anonymous visitor", null, false],
    ["registered customer (ul0) without a shop", customer, false],
    ["entrepreneur without store (ul1)", entrepreneur, true],
    ["entrepreneur with store (ul2)", { user_level: 2, shop_slug: "x" }, true],
    ["ul3", { user_level: 3, shop_slug: null }, true],
    ["shop owner whatever the level", owner, true],
  ])("%s → %s", (_case, user, expected) => {
    expect(hasReferralArea(user)).toBe(expected);
  });
});

describe("share widget 'Crea campaña y comparte' visibility", () => {
  it.each([
    ["/tienda/demo/productos/demo/1", entrepreneur, true],
    ["/", entrepreneur, true],
    ["/catalogos", owner, true],
    ["/tienda/demo/", null, false],
    ["/tienda/demo/", customer, false],
    ["/apps/me/referral", entrepreneur, false],
    ["/apps", entrepreneur, false],
    ["/home", entrepreneur, false],
    ["/me/payments/abc", entrepreneur, false],
    ["/password/forgot", entrepreneur, false],
    ["/shopping-cart/orders/1", entrepreneur, false],
    ["/meses-sin-intereses", entrepreneur, true],
    ["/homenaje", entrepreneur, true],
  ])("%s", (path, user, expected) => {
    expect(isShareWidgetVisible(path, user)).toBe(expected);
  });
});

describe("tracking values and cookies (1 day, removed when empty)", () => {
  it("keeps short tokens and drops anything else", () => {
    expect(trackingValue(" abc-1_2.3 ")).toBe("abc-1_2.3");
    expect(trackingValue("a".repeat(64))).toBe("a".repeat(64));
    expect(trackingValue("a".repeat(65))).toBeNull();
    expect(trackingValue("<script>")).toBeNull();
    expect(trackingValue("a b")).toBeNull();
    expect(trackingValue("")).toBeNull();
    expect(trackingValue("a".repeat(255), 255)).toBe("a".repeat(255));
    expect(trackingValue("a".repeat(256), 255)).toBeNull();
    expect(trackingValue(undefined)).toBeNull();
  });

  it("sets a cookie per valid parameter, removes on empty, ignores invalid and missing ones", () => {
    expect(trackingCookiesFor(new URLSearchParams("referral=abc&campaign=camp1&click_id=clk9&page=2"))).toEqual([
      { cookie: "referralID", value: "abc" },
      { cookie: "campaign", value: "camp1" },
      { cookie: "clickID", value: "clk9" },
    ]);
    expect(trackingCookiesFor(new URLSearchParams("referral=&campaign=%3Cx%3E"))).toEqual([{ cookie: "referralID", remove: true }]);
    expect(trackingCookiesFor(new URLSearchParams("page=2"))).toEqual([]);
  });

  it("keeps gclid, fbclid and referral_slug like the others, the ad networks' long click ids included", () => {
    const gclid = `Cj0KCQiA${"x".repeat(120)}_BwE`;
    expect(trackingCookiesFor(new URLSearchParams(`gclid=${gclid}&fbclid=IwAR2-abc_9&referral_slug=casa-lucia`))).toEqual([
      { cookie: "gclid", value: gclid },
      { cookie: "fbclid", value: "IwAR2-abc_9" },
      { cookie: "referralSlug", value: "casa-lucia" },
    ]);
    expect(trackingCookiesFor(new URLSearchParams(`fbclid=&referral_slug=${"s".repeat(65)}`))).toEqual([
      { cookie: "fbclid", remove: true },
    ]);
    expect(trackingSetCookie({ cookie: "gclid", value: "g1" })).toBe("gclid=g1; Max-Age=86400; Path=/; SameSite=Lax");
  });

  it("writes Set-Cookie lines for the whole site, SameSite=Lax, Max-Age one day", () => {
    expect(trackingSetCookie({ cookie: "campaign", value: "camp1" })).toBe("campaign=camp1; Max-Age=86400; Path=/; SameSite=Lax");
    expect(trackingSetCookie({ cookie: "clickID", remove: true }, true)).toBe("clickID=; Max-Age=0; Path=/; SameSite=Lax; Secure");
  });

  it("reads the purchase's attribution from cookies, dropping tampered values", () => {
    expect(attributionFromCookies({ referralID: "abc", campaign: "<x>", clickID: "clk_1" })).toEqual({
      referral: "abc",
      click_id: "clk_1",
    });
    expect(attributionFromCookies({ gclid: "g".repeat(200), fbclid: "fb 1", referralSlug: "casa-lucia", other: "x" })).toEqual({
      gclid: "g".repeat(200),
      referral_slug: "casa-lucia",
    });
  });
});

describe("a sign-up's tracking", () => {
  it("fills click_id, gclid, fbclid and referral_slug from the cookies where the sign-up carries none", () => {
    const cookies = { referralID: "ref-1", clickID: "clk-1", gclid: "g-1", fbclid: "<bad>", referralSlug: "casa-lucia" };
    expect(withSignupTracking({ plan: "x", click_id: "from-landing" }, cookies)).toEqual({
      plan: "x",
      click_id: "from-landing",
      gclid: "g-1",
      referral_slug: "casa-lucia",
    });
    expect(withSignupTracking({ click_id: "from-landing" }, {})).toEqual({ click_id: "from-landing" });
  });
});

describe("campaigns", () => {
  it("cuts names to 100 characters, counting characters", () => {
    expect(campaignName(`  ${"é".repeat(120)} `)).toBe("é".repeat(100));
    expect(Array.from(campaignName("🙂".repeat(101))).length).toBe(100);
    expect(campaignName("Buen Fin")).toBe("Buen Fin");
  });

  it.each([
    ["/tienda/demo/productos?x=1", true],
    ["/", true],
    ["http://localhost:3000/tienda/demo", true],
    ["https://demo.localhost/productos", true],
    ["//malo.example.com", false],
    ["/\\malo.example.com", false],
    ["https://malo.example.com", false],
    ["https://localhost.malo.com", false],
    ["javascript:alert(1)", false],
    ["https://user:pw@localhost/", false],
    ["tienda/demo", false],
  ])("site page %s → %s", (url, expected) => {
    expect(isSitePage(url, "localhost")).toBe(expected);
  });

  it("lands on the page with the tracking values, replacing old ones and keeping the rest", () => {
    const tracking = { referral: "abc", campaign: "camp1", click_id: "clk_1" };
    expect(campaignLanding("/tienda/demo/productos?orden=precio&campaign=viejo#top", tracking)).toBe(
      "/tienda/demo/productos?orden=precio&campaign=camp1&referral=abc&click_id=clk_1#top",
    );
    expect(campaignLanding("http://demo.localhost:3000/", tracking)).toBe(
      "http://demo.localhost:3000/?referral=abc&campaign=camp1&click_id=clk_1",
    );
  });
});

describe("plans and referral links", () => {
  it("pays a 15% residual on the professional plan's 199.00 MXN", () => {
    expect(membershipResidual(19900)).toBe(2985);
  });
  it("adds the referral code to a page, replacing another promoter's", () => {
    expect(withReferral("/tienda/demo/catalogos/regalos", "abc")).toBe("/tienda/demo/catalogos/regalos?referral=abc");
    expect(withReferral("/tiendaenlinea?referral=otro&x=1", "abc")).toBe("/tiendaenlinea?referral=abc&x=1");
  });
});
