import { describe, expect, it } from "vitest";
import { alertTarget } from "./alert-target";
import {
  collaborationPickerHeight,
  collaborationPickerPageSize,
  collaboratorsPageSize,
  invitationAddress,
  invitationProblem,
  mayManageCollaborators,
  mayRefreshInvitation,
  normalizeProfiles,
} from "./collaborators";

describe("collaborators (commerce-and-accounts §3, §6, §7, §9)", () => {
  it("invites by e-mail or phone under the login name the person signs in with", () => {
    expect(invitationAddress({ email: "  Puerta@Demo.Tianguis.MX " })).toEqual({ username: "puerta@demo.tianguis.mx", channel: "email" });
    expect(invitationAddress({ phone: "55 1234 5678", country_code: "52" })).toEqual({ username: "+525512345678", channel: "sms" });
  });

  it("stores profiles once each, in the catalogue's order", () => {
    expect(normalizeProfiles(["qrreader", "admin", "qrreader"])).toEqual(["admin", "qrreader"]);
    expect(normalizeProfiles(["dispatcher", "accountant"])).toEqual(["accountant", "dispatcher"]);
    expect(normalizeProfiles(["owner"])).toEqual([]);
  });

  it("only the owner and the shop's admins manage collaborators", () => {
    expect(mayManageCollaborators({ isOwner: true, isAdmin: true })).toBe(true);
    expect(mayManageCollaborators({ isOwner: false, isAdmin: true })).toBe(true);
    expect(mayManageCollaborators({ isOwner: false, isAdmin: false })).toBe(false);
  });

  it("the owner cannot invite themselves", () => {
    expect(invitationProblem({ username: "lucia@x.mx", ownerUsername: "lucia@x.mx" })).toBe("collaborator_is_owner");
    expect(invitationProblem({ username: "diego@x.mx", ownerUsername: "lucia@x.mx" })).toBeNull();
  });

  it("an invitation is sent again only a minute after the last message", () => {
    const sent = new Date("2026-01-01T10:00:00Z");
    expect(mayRefreshInvitation(sent, new Date("2026-01-01T10:00:59Z"))).toBe(false);
    expect(mayRefreshInvitation(sent, new Date("2026-01-01T10:01:00Z"))).toBe(true);
  });

  it("pages: lists of 10, the user menu's picker 5 in 300 px", () => {
    expect([collaboratorsPageSize, collaborationPickerPageSize, collaborationPickerHeight]).toEqual([10, 5, 300]);
  });

  it("an invitation alert opens 'Mis colaboraciones' from the shop and from the site", () => {
    const alert = { origin_app: "store", params: { type: "collaboration", shop: "demo" } };
    expect(alertTarget(alert, { kind: "site" })).toBe("/apps/me/colaboraciones");
    expect(alertTarget(alert, { kind: "shop", slug: "demo", basePath: "/tienda/demo" })).toBe("/apps/me/colaboraciones");
  });
});
