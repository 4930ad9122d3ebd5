import type { Locale } from "@tianguis/domain/locale";
import { type MessageCode, type Vars, translate } from "@tianguis/domain/messages/index";
import { formatMoney, money } from "@tianguis/domain/money";
import { z } from "zod";
import type { AppContext } from "../../context";
import type { DbOrTx } from "../../db/client";
import { enqueueJob, registerJob } from "../../jobs/runner";
import { type OrderLetter, sendOrderLetters } from "../notifications/service";
import { selectOrderHeading, selectRefundsById, selectReturnsOf } from "./queries";

/**
 * What returns and refunds tell each side (issue 12: 'alerts/e-mails to both sides'): queued as a job in the same
 * transaction as the change, sent later through the notifications module, each letter once.
 */
export const returnNotice = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("return_opened"), returnId: z.string().uuid() }),
  z.object({ kind: z.literal("return_accepted"), returnId: z.string().uuid() }),
  z.object({ kind: z.literal("return_rejected"), returnId: z.string().uuid() }),
  z.object({ kind: z.literal("refund_settled"), refundId: z.string().uuid() }),
]);
export type ReturnNotice = z.infer<typeof returnNotice>;

const RETURN_NOTICE_JOB = "return_notice";

export async function queueReturnNotice(db: DbOrTx, notice: ReturnNotice, now: Date) {
  await enqueueJob(db, RETURN_NOTICE_JOB, notice, now);
}

const text = (code: MessageCode, vars?: Vars) => (locale: Locale) => translate(locale, code, vars);

type Paragraph = (locale: Locale, origin: string) => string;

function letter(key: string, to: OrderLetter["to"], subject: OrderLetter["subject"], paragraph: Paragraph): OrderLetter {
  return { key, to, subject, paragraphs: (locale, origin) => [paragraph(locale, origin)], action: text("notice_return_view") };
}

async function lettersFor(ctx: AppContext, notice: ReturnNotice): Promise<{ orderId: string; letters: OrderLetter[] } | null> {
  if (notice.kind === "refund_settled") {
    const [refund] = await selectRefundsById(ctx.db, [notice.refundId]);
    const heading = refund && (await selectOrderHeading(ctx.db, refund.orderId));
    if (!refund || !heading || refund.status !== "success") return null;
    const amount = (locale: Locale) => formatMoney(money(refund.amount, refund.currency), locale);
    const vars = (locale: Locale) => ({ amount: amount(locale), number: heading.number ?? "", supplier: heading.supplier });
    const subject = (locale: Locale) => translate(locale, "notice_refund_subject", vars(locale));
    return {
      orderId: refund.orderId,
      letters: [
        letter(`refund:${refund.id}`, "customer", subject, (locale) => translate(locale, "notice_refund_customer", vars(locale))),
        letter(`refund:${refund.id}`, "supplier", subject, (locale) => translate(locale, "notice_refund_supplier", vars(locale))),
      ],
    };
  }
  const [row] = await selectReturnsOf(ctx.db, { id: notice.returnId });
  const heading = row && (await selectOrderHeading(ctx.db, row.ret.orderId));
  if (!row || !heading) return null;
  const vars = { number: heading.number ?? "", supplier: heading.supplier, reason: row.ret.reason };
  const key = `${notice.kind}:${row.ret.id}`;
  if (notice.kind === "return_opened") {
    return {
      orderId: row.ret.orderId,
      letters: [
        letter(key, "supplier", text("notice_return_opened_subject", vars), text("notice_return_opened_intro", vars)),
        letter(key, "customer", text("notice_return_received_subject", vars), text("notice_return_received_intro", vars)),
      ],
    };
  }
  if (notice.kind === "return_accepted") {
    // 'inbox': the label's link goes in the e-mail; 'download': the customer takes it from the purchase page.
    const label = row.ret.labelFile;
    const intro: Paragraph =
      row.ret.labelMode === "inbox" && label
        ? (locale, origin) => translate(locale, "notice_return_accepted_inbox", { ...vars, label: new URL(label, origin).toString() })
        : text("notice_return_accepted_download", vars);
    return { orderId: row.ret.orderId, letters: [letter(key, "customer", text("notice_return_accepted_subject"), intro)] };
  }
  const rejected = { ...vars, reason: row.ret.rejectReason ?? "" };
  return {
    orderId: row.ret.orderId,
    letters: [letter(key, "customer", text("notice_return_rejected_subject"), text("notice_return_rejected_intro", rejected))],
  };
}

export async function sendReturnNotice(ctx: AppContext, notice: ReturnNotice) {
  const found = await lettersFor(ctx, notice);
  if (found) await sendOrderLetters(ctx, found.orderId, found.letters);
}

export function registerReturnNoticeJobs() {
  registerJob(RETURN_NOTICE_JOB, async (jobCtx, payload) => sendReturnNotice(jobCtx, returnNotice.parse(payload)));
}
