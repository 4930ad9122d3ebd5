import { type OrderProgressState, orderProgressStates } from "./order-progress";

/**
 * Exports and the seller's dashboard (issue 29 §2 and §4; storefront-and-admin §2 'Alert targets': completed exports
 * lead to /admin/reportes/ordenes, /admin/inventario/reportes or /apps/me/store/reports/orders).
 */

export const exportKinds = ["orders", "products", "financial"] as const;
export type ExportKind = (typeof exportKinds)[number];
/** What a shop exports from its admin; `financial` is a user's report across the shops they own. */
export const shopExportKinds = ["orders", "products"] as const satisfies readonly ExportKind[];
export const exportFormats = ["csv", "xlsx"] as const;
export type ExportFormat = (typeof exportFormats)[number];
export const exportStates = ["queued", "running", "done", "failed"] as const;
export type ExportState = (typeof exportStates)[number];

/** How long a finished export can be downloaded. */
export const EXPORT_LINK_DAYS = 7;
/** The longest date range one export covers (a year and a day: a leap year's January to January). */
export const EXPORT_MAX_DAYS = 367;
/** Exports of one shop (or user) waiting or running at once; more answer export_busy. */
export const EXPORT_MAX_PENDING = 3;

/** Time zone of the dashboard's days and of the export's dates (the platform's market is Mexico). */
export const REPORT_TIME_ZONE = "America/Mexico_City";

/**
 * A spreadsheet cell as text that cannot run as a formula (OWASP 'CSV injection'): a value starting with =, +, -, @,
 * a tab or a carriage return gets a leading apostrophe, which spreadsheets show as text and do not evaluate.
 * Numbers are written as numbers by the caller and never pass through here.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export type DateRangeError = "export_range_invalid" | "export_range_too_long";

/** Days between two ISO dates (YYYY-MM-DD), end included: 2026-01-01..2026-01-01 is 1 day. */
export function daysInRange(start: string, end: string): number {
  const ms = Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

/** Whether an export's range is usable: both dates or neither, start not after end, at most EXPORT_MAX_DAYS. */
export function checkExportRange(range: { start_date?: string; end_date?: string }): DateRangeError | null {
  const { start_date: start, end_date: end } = range;
  if (!start && !end) return null;
  if (!start || !end) return "export_range_invalid";
  const days = daysInRange(start, end);
  if (!Number.isFinite(days) || days < 1) return "export_range_invalid";
  return days > EXPORT_MAX_DAYS ? "export_range_too_long" : null;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function localDate(instant: Date, timeZone = REPORT_TIME_ZONE): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(instant);
  return parts;
}

/** The offset of a time zone from UTC at an instant, in minutes (Mexico City: −360). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return Math.round((asUtc - Math.floor(instant.getTime() / 1000) * 1000) / 60_000);
}

/** The instant a local calendar date starts in a time zone (midnight there). */
export function startOfLocalDay(date: string, timeZone = REPORT_TIME_ZONE): Date {
  const utcMidnight = new Date(`${date}T00:00:00Z`);
  const first = new Date(utcMidnight.getTime() - offsetMinutes(utcMidnight, timeZone) * 60_000);
  // A change of offset between UTC midnight and local midnight (daylight saving) needs a second look.
  return new Date(utcMidnight.getTime() - offsetMinutes(first, timeZone) * 60_000);
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

/** An export's date range as instants: from the start date's midnight to the midnight after the end date (local). */
export function exportInstants(range: { start_date?: string; end_date?: string }, timeZone = REPORT_TIME_ZONE) {
  return {
    from: range.start_date ? startOfLocalDay(range.start_date, timeZone) : null,
    to: range.end_date ? startOfLocalDay(addDays(range.end_date, 1), timeZone) : null,
  };
}

export const chartPeriods = ["day", "week", "month"] as const;
export type ChartPeriod = (typeof chartPeriods)[number];
/** Buckets the sales chart shows: 30 days, 12 weeks or 12 months, the current one last. */
export const chartBuckets: Record<ChartPeriod, number> = { day: 30, week: 12, month: 12 };

/** The dashboard's windows at `now`: today, this month, and the first instant of the chart's first bucket. */
export function dashboardWindows(now: Date, period: ChartPeriod, timeZone = REPORT_TIME_ZONE) {
  const today = localDate(now, timeZone);
  const monthStart = `${today.slice(0, 8)}01`;
  let chartStart: string;
  if (period === "day") chartStart = addDays(today, 1 - chartBuckets.day);
  else if (period === "week") {
    // Weeks start on Monday (ISO), as PostgreSQL's date_trunc('week') counts them.
    const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
    chartStart = addDays(today, -weekday - 7 * (chartBuckets.week - 1));
  } else {
    const [year, month] = today.split("-").map(Number);
    const first = new Date(Date.UTC(year, month - 1 - (chartBuckets.month - 1), 1));
    chartStart = first.toISOString().slice(0, 10);
  }
  return {
    today: startOfLocalDay(today, timeZone),
    month: startOfLocalDay(monthStart, timeZone),
    chart: startOfLocalDay(chartStart, timeZone),
    chartStartDate: chartStart,
    /** Top products look back this far. */
    topSince: startOfLocalDay(addDays(today, -29), timeZone),
  };
}

/** The bucket labels of the chart, oldest first (YYYY-MM-DD of each bucket's first day), so empty buckets show as 0. */
export function chartBucketDates(startDate: string, period: ChartPeriod): string[] {
  const dates: string[] = [];
  for (let index = 0; index < chartBuckets[period]; index++) {
    if (period === "day") dates.push(addDays(startDate, index));
    else if (period === "week") dates.push(addDays(startDate, 7 * index));
    else {
      const [year, month] = startDate.split("-").map(Number);
      dates.push(new Date(Date.UTC(year, month - 1 + index, 1)).toISOString().slice(0, 10));
    }
  }
  return dates;
}

/** Orders that count as sales: paid and not canceled (the states after payment, cancellations aside). */
export const saleStates = orderProgressStates.filter((state) => !state.startsWith("canceled"));
/** Whether an order in this state counts in the seller's sales (any state of `orders.state`). */
export function isSaleState(state: string): boolean {
  return (saleStates as readonly string[]).includes(state);
}
/** The states waiting for the seller's next action, in the order the dashboard lists them (delivered is done). */
export const waitingStates: readonly OrderProgressState[] = ["paid", "confirmed", "in_process", "ready_to_deliver", "on_the_way"];
/** A product on stock at or below this many units is 'low stock' on the dashboard. */
export const LOW_STOCK_UNITS = 5;

/** Visits-to-purchases of a campaign, as a percentage with one decimal; null when nobody visited. */
export function conversionRate(visits: number, purchases: number): number | null {
  if (visits <= 0) return null;
  return Math.round((purchases / visits) * 1000) / 10;
}
