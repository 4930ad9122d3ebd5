import { z } from "zod";

/** A message the notifier sent (SMS or e-mail), as the development outbox lists it. */
export const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(["sms", "email"]),
  to: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof outboxMessage>;
