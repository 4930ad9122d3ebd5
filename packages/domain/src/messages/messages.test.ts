import { describe, expect, it } from "vitest";
import { messages, translate } from "./index";

describe("message catalogue", () => {
  it("quotes the spec's Spanish texts exactly", () => {
    expect(translate("es", "shop_not_found_title")).toBe("Tienda no encontrada");
    expect(translate("es", "shop_not_found_text")).toBe("Lo sentimos, pero la tienda no existe");
    expect(translate("es", "page_not_found_title")).toBe("Página no encontrada!");
  });
  it("falls back from es-AR to es, and from unknown codes to the generic error", () => {
    expect(translate("es-AR", "shop_not_found_title")).toBe("Tienda no encontrada");
    expect(translate("en", "no_such_code")).toBe("An error has occurred, please try again");
  });
  it("fills placeholders", () => {
    messages.test_placeholder = { es: "Máximo {max}", en: "At most {max}" };
    expect(translate("en", "test_placeholder", { max: 3 })).toBe("At most 3");
    delete messages.test_placeholder;
  });
  it("has every text in Spanish and English", () => {
    for (const [code, text] of Object.entries(messages)) {
      expect(text.es, code).toBeTruthy();
      expect(text.en, code).toBeTruthy();
    }
  });
});
