import { describe, expect, it } from "vitest";
import { messages } from "./catalogue";
import { type MessageCode, hasMessage, messageCode, translate } from "./index";

describe("message catalogue", () => {
  it("quotes the spec's Spanish texts exactly", () => {
    expect(translate("es", "shop_not_found_title")).toBe("Tienda no encontrada");
    expect(translate("es", "shop_not_found_text")).toBe("Lo sentimos, pero la tienda no existe");
    expect(translate("es", "page_not_found_title")).toBe("Página no encontrada!");
  });
  it("falls back from es-AR to es, and from unknown codes to the generic error", () => {
    expect(translate("es-AR", "shop_not_found_title")).toBe("Tienda no encontrada");
    expect(translate("en", "no_such_code" as MessageCode)).toBe("An error has occurred, please try again");
  });
  it("fills placeholders", () => {
    expect(translate("en", "pin_resend_throttled", { seconds: 3 })).toBe("Wait 3 seconds to request another PIN");
  });
  it("translates a known code, and narrows runtime strings to codes with 'unknown' as the fallback", () => {
    expect(translate("es", "shop_not_found")).toBe("Tienda no encontrada");
    expect(hasMessage("shop_not_found")).toBe(true);
    expect(hasMessage("no_such_code")).toBe(false);
    expect(hasMessage("toString")).toBe(false);
    expect(messageCode("no_such_code")).toBe("unknown");
    expect(messageCode(undefined)).toBe("unknown");
    expect(messageCode("slug_taken")).toBe("slug_taken");
  });
  it("has every text in Spanish and English", () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(text.es, code).toBeTruthy();
      expect(text.en, code).toBeTruthy();
    }
  });
});
