import { describe, expect, it, vi } from "vitest";
import { browserTexts } from "./browser-texts";

const spanish = { cart: "Carrito", checkout_title: "Pagar", unknown: "Ha ocurrido un error" };
function setUp() {
  const chunks = {
    es: vi.fn(async () => ({ default: spanish })),
    en: vi.fn(async () => ({ default: { cart: "Cart", checkout_title: "Checkout", unknown: "An error" } })),
    "es-AR": vi.fn(async () => ({ default: { checkout_title: "Pagá" } })),
  };
  return { chunks, texts: browserTexts({ cart: "Carrito", unknown: "Ha ocurrido un error" }, chunks) };
}

describe("the browser's texts", () => {
  it("start with the shop pages' Spanish texts and gain the rest of Spanish once, telling listeners", async () => {
    const { chunks, texts } = setUp();
    expect(texts.dictionaries.es).toEqual({ cart: "Carrito", unknown: "Ha ocurrido un error" });
    const listener = vi.fn();
    texts.subscribeTexts(listener);
    texts.onMissingText();
    texts.onMissingText();
    await texts.loadDictionary("es");
    expect(texts.dictionaries.es).toEqual(spanish);
    expect(chunks.es).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(texts.textsVersion()).toBe(1);
  });

  it("load English alone, Argentine Spanish with all of Spanish (its fallback), and nothing for an unknown language", async () => {
    const english = setUp();
    await english.texts.loadDictionary("en");
    expect(english.chunks.es).not.toHaveBeenCalled();
    expect(english.texts.dictionaries.en?.checkout_title).toBe("Checkout");
    const argentine = setUp();
    await argentine.texts.loadDictionary("es-AR");
    expect(argentine.texts.dictionaries["es-AR"]).toEqual({ checkout_title: "Pagá" });
    expect(argentine.texts.dictionaries.es).toEqual(spanish);
    const other = setUp();
    await other.texts.loadDictionary("pt" as never);
    expect(Object.values(other.chunks).every((chunk) => chunk.mock.calls.length === 0)).toBe(true);
  });

  it("load the page's whole language on the visitor's first key or click, once", async () => {
    const { chunks, texts } = setUp();
    const target = Object.assign(new EventTarget(), { document: { documentElement: { lang: "es" } } });
    const unsubscribe = texts.subscribeTexts(() => {});
    texts.loadWhenVisitorActs(target as never);
    expect(chunks.es).not.toHaveBeenCalled();
    target.dispatchEvent(new Event("keydown"));
    target.dispatchEvent(new Event("pointerdown"));
    await vi.waitFor(() => expect(texts.dictionaries.es).toEqual(spanish));
    expect(chunks.es).toHaveBeenCalledTimes(1);
    unsubscribe();
  });
});
