import { describe, expect, it } from "vitest";
import { CART_PANEL_RESET_MS, cartButtonActive } from "./storefront-chrome";

describe("cart button and panel", () => {
  it.each(["/comprar", "/comprar/", "/comprar-articulo", "/comprar-articulo/demo/123"])("inactive during checkout: %s", (path) => {
    expect(cartButtonActive(path)).toBe(false);
  });
  it.each(["/", "/productos", "/carrito", "/pagado", "/comprarte", "/mis-compras"])("active elsewhere: %s", (path) => {
    expect(cartButtonActive(path)).toBe(true);
  });
  it("the panel resets 500 ms after closing", () => {
    expect(CART_PANEL_RESET_MS).toBe(500);
  });
});
