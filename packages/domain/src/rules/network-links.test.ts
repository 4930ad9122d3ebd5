import { describe, expect, it } from "vitest";
import { networkCardLink, networkItemLink } from "./network-links";

const product = { id: "p1", type: "product" as const, main_type: "business" as const, owner: "u1", owner_slug: "demo" };
const service = { ...product, id: "s1", type: "service" as const };

describe("business network card links (spec §2 routes)", () => {
  const cases = [
    {
      name: "business product → /negocios/{business}/products/{id}",
      item: product,
      context: { kind: "business" } as const,
      expected: "/negocios/demo/products/p1",
    },
    {
      name: "business service → /negocios/{business}/services/{id}",
      item: service,
      context: { kind: "business" } as const,
      expected: "/negocios/demo/services/s1",
    },
    {
      name: "profile product → /profiles/{profile}/products/{id}",
      item: product,
      context: { kind: "profile", communityMode: false } as const,
      expected: "/profiles/u1/products/p1",
    },
    {
      name: "profile service in community mode → /profiles/{profile}/services/{id}",
      item: service,
      context: { kind: "profile", communityMode: true } as const,
      expected: "/profiles/u1/services/s1",
    },
    {
      name: "profile service outside community mode → plain /services/{id}",
      item: service,
      context: { kind: "profile", communityMode: false } as const,
      expected: "/services/s1",
    },
    {
      name: "by slug → /web/{slug}/products/{id}",
      item: product,
      context: { kind: "slug", slug: "mi-sitio" } as const,
      expected: "/web/mi-sitio/products/p1",
    },
    { name: "plain → /products/{id}", item: product, context: { kind: "plain" } as const, expected: "/products/p1" },
    { name: "plain service → /services/{id}", item: service, context: { kind: "plain" } as const, expected: "/services/s1" },
  ];
  for (const testCase of cases) it(testCase.name, () => expect(networkItemLink(testCase.item, testCase.context)).toBe(testCase.expected));

  it("links a card by its owner kind", () => {
    expect(networkCardLink(product, false)).toBe("/negocios/demo/products/p1");
    expect(networkCardLink({ ...product, main_type: "personal" }, false)).toBe("/profiles/u1/products/p1");
  });
});
