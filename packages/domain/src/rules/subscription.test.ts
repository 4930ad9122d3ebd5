import { describe, expect, it } from "vitest";
import {
  addMonths,
  canDeleteCard,
  isRefundableCharge,
  keepsPlan,
  maxChargeAttempts,
  nextRetryAt,
  receiptNumber,
  refundEndsSubscription,
  validationCharge,
} from "./subscription";

describe("recurring billing", () => {
  const failedAt = new Date("2026-03-10T12:00:00Z");
  it("retries a failed charge 1, 3 and 5 days later, then gives up", () => {
    expect(nextRetryAt(1, failedAt)?.toISOString()).toBe("2026-03-11T12:00:00.000Z");
    expect(nextRetryAt(2, failedAt)?.toISOString()).toBe("2026-03-13T12:00:00.000Z");
    expect(nextRetryAt(3, failedAt)?.toISOString()).toBe("2026-03-15T12:00:00.000Z");
    expect(nextRetryAt(4, failedAt)).toBeNull();
    expect(maxChargeAttempts).toBe(4);
  });

  it.each([
    ["2026-01-15T10:00:00.000Z", "2026-02-15T10:00:00.000Z"],
    ["2026-01-31T10:00:00.000Z", "2026-02-28T10:00:00.000Z"],
    ["2028-01-31T10:00:00.000Z", "2028-02-29T10:00:00.000Z"],
    ["2026-12-20T00:00:00.000Z", "2027-01-20T00:00:00.000Z"],
  ])("a month after %s is %s", (from, to) => {
    expect(addMonths(new Date(from)).toISOString()).toBe(to);
  });

  it("validates a card with $10 MXN", () => {
    expect(validationCharge).toEqual({ amount: 1000, currency: "MXN" });
  });

  it("keeps the plan while in trial, active or retrying a charge", () => {
    expect(["in_trial", "active", "past_due"].every((state) => keepsPlan(state as never))).toBe(true);
    expect(keepsPlan("expired")).toBe(false);
    expect(keepsPlan("incomplete")).toBe(false);
  });

  it("never deletes the selected card or the only card (§4)", () => {
    expect(canDeleteCard({ id: "a" }, "b", 2)).toBe(true);
    expect(canDeleteCard({ id: "a" }, "a", 2)).toBe(false);
    expect(canDeleteCard({ id: "a" }, null, 1)).toBe(false);
  });

  it("numbers receipts from the charge id", () => {
    expect(receiptNumber("0f3a9c1e-1111-2222-3333-444455556666")).toBe("R-0F3A9C1E");
  });
});

describe("refunding a monthly charge (issue 30 §4)", () => {
  it("refunds only a paid recurring charge", () => {
    expect(isRefundableCharge({ kind: "recurring", status: "succeeded" })).toBe(true);
    for (const status of ["processing", "requires_action", "retrying", "failed", "refunded"])
      expect(isRefundableCharge({ kind: "recurring", status }), status).toBe(false);
    expect(isRefundableCharge({ kind: "validation", status: "succeeded" })).toBe(false);
  });

  it("ends the subscription when the charge paid the running period of a live subscription", () => {
    const charge = { period_start: "2026-04-01T00:00:00.000Z" };
    expect(refundEndsSubscription(charge, { state: "active", period_start: "2026-04-01T00:00:00Z" })).toBe(true);
    expect(refundEndsSubscription(charge, { state: "past_due", period_start: "2026-04-01T00:00:00.000Z" })).toBe(true);
    expect(refundEndsSubscription(charge, { state: "active", period_start: "2026-05-01T00:00:00.000Z" })).toBe(false);
    expect(refundEndsSubscription(charge, { state: "expired", period_start: "2026-04-01T00:00:00.000Z" })).toBe(false);
    expect(refundEndsSubscription(charge, null)).toBe(false);
    expect(refundEndsSubscription({ period_start: null }, { state: "active", period_start: "2026-04-01T00:00:00.000Z" })).toBe(false);
  });
});
