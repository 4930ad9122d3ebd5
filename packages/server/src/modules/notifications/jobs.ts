import { registerJob } from "../../jobs/runner";
import { ORDER_NOTICE_JOB, orderNotice, sendOrderNotice } from "./service";

/** The jobs this module runs; registered where the app is composed. */
export function registerNotificationJobs() {
  registerJob(ORDER_NOTICE_JOB, async (jobCtx, payload) => {
    await sendOrderNotice(jobCtx, orderNotice.parse(payload));
  });
}
