import { describe, expect, it } from "vitest";
import { completeRegistrationParams, facebookPixelPattern, liveChatLicensePattern, liveChatVisibility } from "./shop-integrations";

describe("shop integrations", () => {
  it("hides the chat during checkout and on a franchise's admin pages, and keeps it minimised elsewhere", () => {
    expect(liveChatVisibility("affiliate", "/comprar")).toBe("hidden");
    expect(liveChatVisibility(null, "/comprar-articulo/abc")).toBe("hidden");
    expect(liveChatVisibility("franchise", "/admin/ordenes")).toBe("hidden");
    expect(liveChatVisibility("affiliate", "/admin/ordenes")).toBe("minimized");
    expect(liveChatVisibility("franchise", "/productos")).toBe("minimized");
    expect(liveChatVisibility(null, "/")).toBe("minimized");
    expect(liveChatVisibility(null, "/comprarlo")).toBe("minimized");
  });

  it("accepts licence and pixel numbers only", () => {
    expect(liveChatLicensePattern.test("12345678")).toBe(true);
    expect(liveChatLicensePattern.test("123")).toBe(false);
    expect(liveChatLicensePattern.test("12345678<script>")).toBe(false);
    expect(facebookPixelPattern.test("123456789012345")).toBe(true);
    expect(facebookPixelPattern.test("abc123456789012")).toBe(false);
  });

  it("reports a failed sign-up with status false and a completed one with status true", () => {
    expect(completeRegistrationParams(false)).toEqual({ status: false });
    expect(completeRegistrationParams(true)).toEqual({ status: true });
  });
});
