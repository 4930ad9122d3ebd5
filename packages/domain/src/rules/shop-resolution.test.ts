import { describe, expect, it } from "vitest";
import { locateShopByHost, shopBasePath, shopHref } from "./shop-resolution";

describe("shop resolution", () => {
  it("finds the shop of a sub-domain such as demo.localhost:3000", () => {
    expect(locateShopByHost("demo.localhost:3000", "localhost")).toEqual({ kind: "subdomain", slug: "demo" });
    expect(locateShopByHost("Mercado.Tianguis.mx", "tianguis.mx")).toEqual({ kind: "subdomain", slug: "mercado" });
  });
  it("treats the bare host, IP addresses and reserved names as the marketplace", () => {
    expect(locateShopByHost("localhost:3000", "localhost")).toEqual({ kind: "none" });
    expect(locateShopByHost("127.0.0.1:3000", "localhost")).toEqual({ kind: "none" });
    expect(locateShopByHost("www.localhost", "localhost")).toEqual({ kind: "none" });
    expect(locateShopByHost("a.b.localhost", "localhost")).toEqual({ kind: "none" });
    expect(locateShopByHost(undefined, "localhost")).toEqual({ kind: "none" });
  });
  it("maps any other host to a custom canonical domain lookup", () => {
    expect(locateShopByHost("shop.example.com", "localhost")).toEqual({ kind: "domain", hostname: "shop.example.com" });
  });
  it("builds links on /tienda/{slug} without a sub-domain and at the root with one", () => {
    expect(shopBasePath({ kind: "none" }, "demo")).toBe("/tienda/demo");
    expect(shopBasePath({ kind: "subdomain", slug: "demo" }, "demo")).toBe("");
    expect(shopHref("/tienda/demo", "/productos")).toBe("/tienda/demo/productos");
    expect(shopHref("/tienda/demo", "/")).toBe("/tienda/demo");
    expect(shopHref("", "productos")).toBe("/productos");
    expect(shopHref("", "/")).toBe("/");
  });
});
