/**
 * How a verified provider event moves a payment attempt (issue #18). Events may arrive late, twice or out of order:
 * a settled attempt (succeeded, failed, expired, refunded) never moves again, so an older failure arriving after the
 * success changes nothing, and a repeated event is a no-op. The payments service applies the same table as
 * conditional updates (`UPDATE … WHERE status IN (from)`).
 */
export const paymentAttemptStatuses = ["created", "requires_action", "pending", "succeeded", "failed", "expired", "refunded"] as const;
export type PaymentAttemptStatus = (typeof paymentAttemptStatuses)[number];
export type PaymentEventType = "payment.succeeded" | "payment.failed" | "payment.expired";

/** The attempt states each event may move an attempt out of. */
export const movableBy: Record<PaymentEventType, readonly PaymentAttemptStatus[]> = {
  "payment.succeeded": ["created", "requires_action", "pending"],
  "payment.failed": ["created", "requires_action"],
  "payment.expired": ["pending"],
};

const resultOf: Record<PaymentEventType, PaymentAttemptStatus> = {
  "payment.succeeded": "succeeded",
  "payment.failed": "failed",
  "payment.expired": "expired",
};

export function nextPaymentStatus(current: PaymentAttemptStatus, event: PaymentEventType): PaymentAttemptStatus {
  return movableBy[event].includes(current) ? resultOf[event] : current;
}
