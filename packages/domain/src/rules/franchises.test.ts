import { describe, expect, it } from "vitest";
import {
  type FranchiseCandidate,
  franchiseRefusal,
  franchiseUrl,
  isPublicStore,
  mayListFranchises,
  showsFranchisesLink,
} from "./franchises";

const shop = { id: "sabores" };
const store: FranchiseCandidate = { id: "tacos", store_type: "affinity", disabled: false, is_proxy: false, root_shop_id: null };

describe("franchises and affinity stores (commerce-and-accounts §2, §4, §6)", () => {
  it("only franchise shops add franchise and affinity stores to their store", () => {
    expect(mayListFranchises({ store_type: "franchise" })).toBe(true);
    for (const type of ["affinity", "affiliate", null]) expect(mayListFranchises({ store_type: type })).toBe(false);
  });

  it("a store is public when it is enabled and not a proxy", () => {
    expect(isPublicStore({ disabled: false, is_proxy: false })).toBe(true);
    expect(isPublicStore({ disabled: true, is_proxy: false })).toBe(false);
    expect(isPublicStore({ disabled: false, is_proxy: true })).toBe(false);
  });

  const cases: { name: string; candidate: FranchiseCandidate; refused: boolean }[] = [
    { name: "a published affinity store may be added", candidate: store, refused: false },
    { name: "a published franchise store may be added", candidate: { ...store, store_type: "franchise" }, refused: false },
    { name: "a store of this shop's own affinity group may be added", candidate: { ...store, root_shop_id: "sabores" }, refused: false },
    { name: "the shop itself may not", candidate: { ...store, id: "sabores", store_type: "franchise" }, refused: true },
    { name: "an affiliate store may not", candidate: { ...store, store_type: "affiliate" }, refused: true },
    { name: "a store without a type may not", candidate: { ...store, store_type: null }, refused: true },
    { name: "a disabled store may not", candidate: { ...store, disabled: true }, refused: true },
    { name: "a proxy store may not", candidate: { ...store, is_proxy: true }, refused: true },
    { name: "a store of another root's affinity group may not", candidate: { ...store, root_shop_id: "otra" }, refused: true },
  ];
  for (const testCase of cases) {
    it(testCase.name, () => expect(franchiseRefusal(testCase.candidate, shop)).toBe(testCase.refused ? "franchise_not_available" : null));
  }

  it("links a store by its canonical URL, else by its path on the platform", () => {
    expect(franchiseUrl({ slug: "tacos", canonical_url: "https://tacos.mx" })).toBe("https://tacos.mx");
    expect(franchiseUrl({ slug: "tacos", canonical_url: null })).toBe("/tienda/tacos");
    expect(franchiseUrl({ slug: "tacos", canonical_url: "  " })).toBe("/tienda/tacos");
  });

  it("the 'Franquicias' link: visitors only when the shop lists some, admins always", () => {
    expect(showsFranchisesLink({ has_franchises: false }, { isAdmin: false })).toBe(false);
    expect(showsFranchisesLink({ has_franchises: true }, { isAdmin: false })).toBe(true);
    expect(showsFranchisesLink({ has_franchises: false }, { isAdmin: true })).toBe(true);
    expect(showsFranchisesLink({}, { isAdmin: false })).toBe(true);
  });
});
