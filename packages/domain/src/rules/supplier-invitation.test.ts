import { describe, expect, it } from "vitest";
import { type InvitingShop, invitationsFor } from "./supplier-invitation";

const shop: InvitingShop = {
  permissions: [],
  affiliate_landing: null,
  dssupplier_landing: null,
  hidden_affiliate_banner: false,
  hidden_dssupplier_banner: false,
  dssupplier_banner: null,
};
const kinds = (where: InvitingShop, level: number | null) => invitationsFor(where, level).map((invitation) => invitation.kind);

describe("supplier-invitation banners (commerce-and-accounts §2, storefront-and-admin §6)", () => {
  it("invites an anonymous visitor to be a supplier and an affiliate, leading to the default landings", () => {
    expect(invitationsFor(shop, null)).toEqual([
      { kind: "supplier", landing: "/proveedores", text: null },
      { kind: "affiliate", landing: "/emprendedores" },
    ]);
  });

  it("invites level 0 and 1 to both; an entrepreneur with a store (level 2, 3) only to supply", () => {
    expect(kinds(shop, 0)).toEqual(["supplier", "affiliate"]);
    expect(kinds(shop, 1)).toEqual(["supplier", "affiliate"]);
    expect(kinds(shop, 2)).toEqual(["supplier"]);
    expect(kinds(shop, 3)).toEqual(["supplier"]);
  });

  it("invites no one who works in the shop (its owner, admins and collaborators)", () => {
    for (const role of ["admin", "accountant", "dispatcher", "qrreader"]) expect(kinds({ ...shop, permissions: [role] }, 2)).toEqual([]);
  });

  it("hides each banner when the shop's flag hides it", () => {
    expect(kinds({ ...shop, hidden_dssupplier_banner: true }, null)).toEqual(["affiliate"]);
    expect(kinds({ ...shop, hidden_affiliate_banner: true }, null)).toEqual(["supplier"]);
    expect(kinds({ ...shop, hidden_affiliate_banner: true, hidden_dssupplier_banner: true }, null)).toEqual([]);
  });

  it("shows the shop's own supplier text (the supplier variant) and its own landings", () => {
    const own = { ...shop, dssupplier_banner: "  Vende tus artesanías con nosotros  ", dssupplier_landing: "/proveedores?ref=casa" };
    expect(invitationsFor({ ...own, affiliate_landing: "/tiendaenlinea" }, null)).toEqual([
      { kind: "supplier", landing: "/proveedores?ref=casa", text: "Vende tus artesanías con nosotros" },
      { kind: "affiliate", landing: "/tiendaenlinea" },
    ]);
  });

  it("never leads off the marketplace: a landing that is not a local path falls back to the default", () => {
    for (const landing of ["https://evil.example", "//evil.example", "proveedores"])
      expect(invitationsFor({ ...shop, dssupplier_landing: landing }, null)[0]).toMatchObject({ landing: "/proveedores" });
  });
});
