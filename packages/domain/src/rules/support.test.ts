import { describe, expect, it } from "vitest";
import { formatAdvisorPhone, isAdvisorOnline, isSupportUrl, supportChannel, whatsappLink } from "./support";

describe("advisor phone display (commerce-and-accounts §9: (XXX) XXX-XXXX for 10 digits)", () => {
  it.each([
    ["5512345678", "(551) 234-5678"],
    ["55 1234 5678", "(551) 234-5678"],
    ["(55) 1234-5678", "(551) 234-5678"],
    ["525512345678", "525512345678"],
    ["123456789", "123456789"],
    ["", ""],
    ["sin número", "sin número"],
  ])("%j shows as %j", (phone, shown) => {
    expect(formatAdvisorPhone(phone)).toBe(shown);
  });
});

describe("advisor online (commerce-and-accounts §4: last heartbeat within 5 minutes)", () => {
  const now = new Date("2026-11-24T12:00:00Z");
  it.each([
    ["never sent a heartbeat", null, false],
    ["heartbeat just now", "2026-11-24T12:00:00Z", true],
    ["4 min 59 s ago", "2026-11-24T11:55:01Z", true],
    ["exactly 5 minutes ago", "2026-11-24T11:55:00Z", true],
    ["5 min 1 s ago", "2026-11-24T11:54:59Z", false],
    ["an hour ago", "2026-11-24T11:00:00Z", false],
    ["a few seconds ahead of this clock", "2026-11-24T12:00:03Z", true],
    ["an unreadable date", "not a date", false],
  ])("%s → %s", (_case, last, online) => {
    expect(isAdvisorOnline(last, now)).toBe(online);
  });
  it("accepts a Date", () => {
    expect(isAdvisorOnline(new Date(now.getTime() - 60_000), now)).toBe(true);
  });
});

describe("support channel (commerce-and-accounts §2: franchise and affiliate stores use their own support URL)", () => {
  const urls = { franchise_support_url: "https://soporte.franquicia.mx", affiliate_support_url: "/ayuda#afiliados" };
  it.each([
    ["franchise with its URL", { store_type: "franchise", ...urls }, { kind: "franchise", url: urls.franchise_support_url }],
    ["affiliate with its URL", { store_type: "affiliate", ...urls }, { kind: "affiliate", url: urls.affiliate_support_url }],
    ["franchise without a URL", { store_type: "franchise", franchise_support_url: null, affiliate_support_url: null }, { kind: "advisor" }],
    ["affiliate without a URL", { store_type: "affiliate", franchise_support_url: null, affiliate_support_url: null }, { kind: "advisor" }],
    ["a supplier shop", { store_type: null, ...urls }, { kind: "advisor" }],
    ["an affinity store", { store_type: "affinity", ...urls }, { kind: "advisor" }],
  ])("%s", (_case, shop, channel) => {
    expect(supportChannel(shop)).toEqual(channel);
  });
});

describe("WhatsApp link and support URLs", () => {
  it("joins country code and number as digits", () => {
    expect(whatsappLink("+52", "55 1234 5678")).toBe("https://wa.me/525512345678");
    expect(whatsappLink(null, "5512345678")).toBeNull();
    expect(whatsappLink("52", "")).toBeNull();
  });
  it.each([
    ["https://soporte.example.mx/ayuda", true],
    ["http://soporte.example.mx", true],
    ["/ayuda#franquicias", true],
    ["//evil.example", false],
    ["javascript:alert(1)", false],
    ["ftp://files.example", false],
    ["soporte", false],
  ])("%s is a support URL: %s", (value, ok) => {
    expect(isSupportUrl(value)).toBe(ok);
  });
});
