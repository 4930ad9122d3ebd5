import { describe, expect, it } from "vitest";
import { nextPaymentStatus } from "./payment-events";

describe("nextPaymentStatus", () => {
  it.each([
    ["requires_action", "payment.succeeded", "succeeded"],
    ["pending", "payment.succeeded", "succeeded"],
    ["created", "payment.failed", "failed"],
    ["requires_action", "payment.failed", "failed"],
    ["pending", "payment.expired", "expired"],
    // Late, repeated or out-of-order events leave a settled attempt alone.
    ["succeeded", "payment.failed", "succeeded"],
    ["succeeded", "payment.succeeded", "succeeded"],
    ["succeeded", "payment.expired", "succeeded"],
    ["failed", "payment.succeeded", "failed"],
    ["expired", "payment.succeeded", "expired"],
    ["refunded", "payment.succeeded", "refunded"],
    // A cash reference is not refused like a card: only its deadline ends it.
    ["pending", "payment.failed", "pending"],
  ] as const)("%s + %s → %s", (current, event, next) => {
    expect(nextPaymentStatus(current, event)).toBe(next);
  });
});
