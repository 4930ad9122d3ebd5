import { desc, eq } from "drizzle-orm";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { outboxMessages } from "../../db/schema/accounts";

export type Channel = "sms" | "email";

export interface OutgoingMessage {
  channel: Channel;
  to: string;
  subject?: string;
  /** The plain text: the whole SMS, or the text part of an e-mail (the outbox keeps this one). */
  body: string;
  /** An e-mail's HTML part, sent beside `body` as multipart/alternative. */
  html?: string;
  /** Values in `body` only the recipient may read (a PIN): a production outbox keeps them masked. */
  secrets?: string[];
  /** Files sent with an e-mail (the tickets' PDF); the outbox records their names and sizes, not their bytes. */
  attachments?: Attachment[];
}

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** How the outbox records a message's attachments: one line each, after its text. */
export function attachmentLines(attachments: readonly Attachment[] = []): string {
  return attachments.map((file) => `\n[${file.filename} · ${file.contentType} · ${file.content.length} B]`).join("");
}

/** A delivery failure with the registration code the spec gives it (email_client_failure, email_server_failure, not_eligible). */
export class DeliveryError extends Error {
  constructor(
    readonly code: "email_client_failure" | "email_server_failure" | "not_eligible",
    cause?: unknown,
  ) {
    super(code, { cause });
    this.name = "DeliveryError";
  }
}

/** Sends SMS and e-mail. Every adapter also records the message in the outbox table. */
export interface Notifier {
  send(message: OutgoingMessage): Promise<void>;
}

export interface OutboxEntry {
  id: string;
  channel: Channel;
  to: string;
  subject: string | null;
  body: string;
  created_at: string;
}

export const MASK = "••••••";

/** `body` with every secret replaced by the mask, for a record anyone with database access may read. */
export function maskSecrets(body: string, secrets: readonly string[] = []): string {
  return secrets.filter(Boolean).reduce((text, secret) => text.split(secret).join(MASK), body);
}

/**
 * Stores every message in `outbox_messages`; the only delivery when no SMS or SMTP provider is configured.
 * With `keepSecrets` false (production) a message's secrets are masked first: the table then never holds a
 * readable PIN, while the demo's /dev/outbox (development only) still shows it so a sign-up can be finished.
 */
export function outboxNotifier(db: Db, clock: Clock, options: { keepSecrets: boolean }): Notifier {
  return {
    async send(message) {
      const body = (options.keepSecrets ? message.body : maskSecrets(message.body, message.secrets)) + attachmentLines(message.attachments);
      await db
        .insert(outboxMessages)
        .values({ channel: message.channel, to: message.to, subject: message.subject ?? null, body, createdAt: clock.now() });
    },
  };
}

export async function listOutbox(db: Db, limit: number, to?: string): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(to ? eq(outboxMessages.to, to) : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    channel: row.channel,
    to: row.to,
    subject: row.subject,
    body: row.body,
    created_at: row.createdAt.toISOString(),
  }));
}
