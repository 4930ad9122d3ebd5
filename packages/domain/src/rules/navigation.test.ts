import { describe, expect, it } from "vitest";
import { shopNavigation } from "./navigation";

const shop = (sections: string[], options: { store_type?: string | null; is_proxy?: boolean } = {}) => ({
  store_type: options.store_type ?? null,
  is_proxy: options.is_proxy ?? false,
  store_theme_info: { sections_info: sections },
});
const visitor = { isAdmin: false, digitalProducts: true };
const admin = { isAdmin: true, digitalProducts: true };
const keys = (items: { key: string }[]) => items.map((entry) => entry.key);

describe("shop navigation menu (spec §2)", () => {
  const cases: { name: string; shop: ReturnType<typeof shop>; viewer: typeof visitor; expected: string[] }[] = [
    {
      name: "visitor: only the sections whose flags are on, plus franchises always",
      shop: shop(["products", "services"]),
      viewer: visitor,
      expected: ["products", "services", "franchises"],
    },
    {
      name: "visitor: every visitor section when all flags are on",
      shop: shop(["products", "digital", "services", "experiences", "blogs", "catalogues"]),
      viewer: visitor,
      expected: ["products", "digital", "services", "experiences", "blogs", "franchises"],
    },
    { name: "visitor: no sections flagged still shows franchises", shop: shop([]), viewer: visitor, expected: ["franchises"] },
    {
      name: "visitor: contact for the retail flag on a franchise store",
      shop: shop(["products", "retail"], { store_type: "franchise" }),
      viewer: visitor,
      expected: ["products", "franchises", "contact"],
    },
    {
      name: "visitor: no contact for the retail flag on an affiliate store",
      shop: shop(["products", "retail"], { store_type: "affiliate" }),
      viewer: visitor,
      expected: ["products", "franchises"],
    },
    {
      name: "visitor: no contact on a franchise store without the retail flag",
      shop: shop(["products"], { store_type: "franchise" }),
      viewer: visitor,
      expected: ["products", "franchises"],
    },
    {
      name: "admin: every section regardless of flags, with my catalogues",
      shop: shop(["products"]),
      viewer: admin,
      expected: ["products", "digital", "services", "experiences", "catalogues", "blogs", "franchises"],
    },
    {
      name: "admin: no digital products when the digitalProducts flag is off",
      shop: shop(["products", "digital"]),
      viewer: { isAdmin: true, digitalProducts: false },
      expected: ["products", "services", "experiences", "catalogues", "blogs", "franchises"],
    },
    {
      name: "admin: contact on a franchise store type",
      shop: shop([], { store_type: "franchise" }),
      viewer: admin,
      expected: ["products", "digital", "services", "experiences", "catalogues", "blogs", "franchises", "contact"],
    },
    {
      name: "proxy shop: the admin gets the visitor menu",
      shop: shop(["products"], { is_proxy: true }),
      viewer: admin,
      expected: ["products", "franchises"],
    },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => expect(keys(shopNavigation(testCase.shop, testCase.viewer))).toEqual(testCase.expected));
  }

  it("visitors see 'Franquicias' only when the shop lists some; its admins always", () => {
    expect(keys(shopNavigation({ ...shop(["products"]), has_franchises: false }, visitor))).toEqual(["products"]);
    expect(keys(shopNavigation({ ...shop(["products"]), has_franchises: true }, visitor))).toEqual(["products", "franchises"]);
    expect(keys(shopNavigation({ ...shop([]), has_franchises: false }, admin))).toContain("franchises");
    expect(keys(shopNavigation({ ...shop(["products"], { is_proxy: true }), has_franchises: false }, admin))).toEqual(["products"]);
  });

  it("builds paths relative to the shop base path", () => {
    expect(
      shopNavigation(shop(["products", "digital", "services", "experiences", "blogs", "retail"], { store_type: "franchise" }), visitor).map(
        (entry) => entry.path,
      ),
    ).toEqual(["/productos", "/digitales", "/servicios", "/experiencias", "/blogs", "/franquicias", "/info"]);
  });
});
