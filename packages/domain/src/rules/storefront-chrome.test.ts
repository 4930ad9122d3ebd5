import { describe, expect, it } from "vitest";
import { footerCategories, isOfficeOpen, showsContactButton, showsMessagingButton } from "./storefront-chrome";

const shop = { live_chat_license: null, whatsapp_country_code: "52", whatsapp_phone: "5512345678", store_type: null };

describe("footer categories (spec §2)", () => {
  const cases = [
    { name: "3 categories: all, no 'see more'", count: 3, shown: 3, seeMore: false },
    { name: "4 categories: all, with 'see more'", count: 4, shown: 4, seeMore: true },
    { name: "8 categories: the first 5, with 'see more'", count: 8, shown: 5, seeMore: true },
    { name: "no categories", count: 0, shown: 0, seeMore: false },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => {
      const result = footerCategories(Array.from({ length: testCase.count }, (_, index) => index));
      expect(result.shown).toHaveLength(testCase.shown);
      expect(result.seeMore).toBe(testCase.seeMore);
    });
  }
});

describe("contact and messaging buttons (spec §2)", () => {
  it("contact modal and chat button with a WhatsApp phone or a live chat licence", () => {
    expect(showsContactButton(shop, "/")).toBe(true);
    expect(showsContactButton({ ...shop, whatsapp_phone: null, live_chat_license: "lic-1" }, "/")).toBe(true);
    expect(showsContactButton({ ...shop, whatsapp_phone: null }, "/")).toBe(false);
  });
  it("franchise stores hide the chat on admin routes", () => {
    expect(showsContactButton({ ...shop, store_type: "franchise" }, "/admin/configuracion")).toBe(false);
    expect(showsContactButton({ ...shop, store_type: "franchise" }, "/productos")).toBe(true);
  });
  const paths = [
    { path: "/", shown: true },
    { path: "/productos", shown: true },
    { path: "/servicios/", shown: true },
    { path: "/franquicias", shown: true },
    { path: "/blogs", shown: true },
    { path: "/blogs/mi-entrada", shown: true },
    { path: "/blogs/crear", shown: false },
    { path: "/blogs/mi-entrada/editar", shown: false },
    { path: "/experiencias", shown: false },
    { path: "/productos/demo/123", shown: false },
    { path: "/catalogos", shown: false },
  ];
  for (const { path, shown } of paths) {
    it(`messaging button ${shown ? "on" : "not on"} ${path}`, () => expect(showsMessagingButton(shop, path)).toBe(shown));
  }
  it("no messaging button without country code and phone", () => {
    expect(showsMessagingButton({ ...shop, whatsapp_country_code: null }, "/")).toBe(false);
  });
});

describe("office hours: 9am to 6pm", () => {
  it("open from 9:00 until 17:59", () => {
    expect(isOfficeOpen(8)).toBe(false);
    expect(isOfficeOpen(9)).toBe(true);
    expect(isOfficeOpen(17)).toBe(true);
    expect(isOfficeOpen(18)).toBe(false);
  });
});
