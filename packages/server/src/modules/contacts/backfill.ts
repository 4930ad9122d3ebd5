import type { AppContext } from "../../context";
import { backfillSubscriber } from "../../events/operations";
import { registerJob } from "../../jobs/runner";
import { contactsSubscribers } from "./subscribers";

/**
 * The contacts backfill (issue 29 §3): the customers, contact-form messages and referred sign-ups recorded as events
 * before the contacts module existed had no delivery for its subscribers, so they were in no one's contacts. The job
 * delivers those events to the contacts subscribers, oldest first, quietly (no bells, nothing unread); each event once,
 * however often it runs (events/operations.ts `backfillSubscriber`). The migration that added the unread marker queues
 * it on databases that hold such events; `npm run events -w @tianguis/server -- backfill contacts.buyer` (and
 * contacts.message, contacts.referred) does the same by hand.
 */
export const CONTACTS_BACKFILL_JOB = "contacts_backfill";

/** Runs the backfill for every contacts subscriber; answers how many events it delivered. */
export async function backfillContacts(ctx: AppContext): Promise<number> {
  let delivered = 0;
  for (const one of contactsSubscribers) delivered += await backfillSubscriber(ctx, one.name);
  return delivered;
}

export function registerContactJobs() {
  registerJob(CONTACTS_BACKFILL_JOB, async (jobCtx) => {
    const delivered = await backfillContacts(jobCtx);
    jobCtx.log.info({ delivered }, "contacts backfill finished");
  });
}
