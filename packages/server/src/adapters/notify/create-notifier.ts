import type { Clock } from "../../clock";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import { type Notifier, outboxNotifier } from "./notifier";
import { smtpNotifier } from "./smtp";

/**
 * The configured notifier: the outbox always, SMTP for e-mail as well when SMTP_URL is set. The outbox keeps
 * PINs readable only where /dev/outbox is open (development, demo mode); a real production keeps them masked.
 */
export function createNotifier(config: Config, db: Db, clock: Clock): Notifier {
  const outbox = outboxNotifier(db, clock, { keepSecrets: !config.isProduction || config.demoMode });
  return config.SMTP_URL ? smtpNotifier(config.SMTP_URL, config.MAIL_FROM, outbox) : outbox;
}
