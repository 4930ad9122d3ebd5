import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Notifier } from "./adapters/notify/notifier";
import type { SandboxGateway } from "./adapters/payments/sandbox";
import type { ShippingRates } from "./adapters/shipping/courier";
import type { PrivateStorage, Storage } from "./adapters/storage/storage";
import type { Db } from "./db/client";

/** What every use case may reach: configuration, the database, the clock and the adapters. */
export interface AppContext {
  config: Config;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  storage: Storage;
  /** Files only the server reads (digital items' attachments); no URL reaches them. */
  privateStorage: PrivateStorage;
  /** SMS and e-mail (outbox always; SMTP for e-mail when SMTP_URL is set). */
  notifier: Notifier;
  /** The payment gateway (the built-in sandbox unless a real provider is configured). */
  payments: SandboxGateway;
  shipping: ShippingRates;
}
