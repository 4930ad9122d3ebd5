import { describe, expect, it } from "vitest";
import { auditRetentionCutoff, auditRole, changedFields, pickFields } from "./audit";

describe("audit log rules (issue 33 §3)", () => {
  it.each([
    [{ isOwner: true, roles: ["accountant"] }, "owner"],
    [{ isOwner: false, roles: ["dispatcher", "admin"] }, "admin"],
    [{ isOwner: false, roles: ["qrreader", "accountant"] }, "accountant"],
    [{ isOwner: false, roles: ["dispatcher"] }, "dispatcher"],
    [{ isOwner: false, roles: ["qrreader"] }, "qrreader"],
    [{ isOwner: false, roles: [] }, "customer"],
  ])("names %o as %s", (who, role) => {
    expect(auditRole(who)).toBe(role);
  });

  it("keeps only the fields that changed, with both values", () => {
    expect(changedFields({ name: "Café", price: 100, tags: ["a"] }, { name: "Café", price: 120, tags: ["a", "b"] })).toEqual({
      price: { before: 100, after: 120 },
      tags: { before: ["a"], after: ["a", "b"] },
    });
  });

  it("records a creation with no before and a deletion with no after", () => {
    expect(changedFields(null, { name: "Té" })).toEqual({ name: { before: null, after: "Té" } });
    expect(changedFields({ name: "Té" }, null)).toEqual({ name: { before: "Té", after: null } });
  });

  it("finds nothing changed when a form is saved as it was (a missing field equals null)", () => {
    expect(changedFields({ a: 1, b: null }, { a: 1 })).toEqual({});
  });

  it("picks the named fields, dates as ISO strings", () => {
    const at = new Date("2026-01-02T03:04:05.000Z");
    expect(pickFields({ a: 1, b: 2, at }, ["a", "at"])).toEqual({ a: 1, at: "2026-01-02T03:04:05.000Z" });
  });

  it("purges what is older than the retention days", () => {
    expect(auditRetentionCutoff(new Date("2026-03-11T00:00:00Z"), 10).toISOString()).toBe("2026-03-01T00:00:00.000Z");
  });
});
