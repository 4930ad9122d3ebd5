import { describe, expect, it } from "vitest";
import {
  EXPORT_MAX_DAYS,
  chartBucketDates,
  checkExportRange,
  conversionRate,
  dashboardWindows,
  daysInRange,
  exportInstants,
  isSaleState,
  localDate,
  neutraliseCell,
  startOfLocalDay,
} from "./reports";

describe("neutraliseCell (CSV injection)", () => {
  it.each([
    ['=HYPERLINK("http://x","y")', '\'=HYPERLINK("http://x","y")'],
    ["+52 55 1234 5678", "'+52 55 1234 5678"],
    ["-1+1", "'-1+1"],
    ["@SUM(A1)", "'@SUM(A1)"],
    ["\tcmd", "'\tcmd"],
    ["\rcmd", "'\rcmd"],
  ])("a cell starting with a formula character is text: %s", (value, expected) => {
    expect(neutraliseCell(value)).toBe(expected);
  });

  it.each(["Playera azul", "", "100", "a=b", "Lucía @ casa", "ñandú"])("leaves other text alone: %s", (value) => {
    expect(neutraliseCell(value)).toBe(value);
  });
});

describe("export date ranges", () => {
  it("counts days with both ends included", () => {
    expect(daysInRange("2026-01-01", "2026-01-01")).toBe(1);
    expect(daysInRange("2026-01-01", "2026-01-31")).toBe(31);
    expect(daysInRange("2024-02-01", "2024-03-01")).toBe(30);
  });

  it.each([
    [{}, null],
    [{ start_date: "2026-01-01", end_date: "2026-01-31" }, null],
    [{ start_date: "2026-01-31", end_date: "2026-01-31" }, null],
    [{ start_date: "2026-02-01", end_date: "2026-01-31" }, "export_range_invalid"],
    [{ start_date: "2026-02-01" }, "export_range_invalid"],
    [{ end_date: "2026-02-01" }, "export_range_invalid"],
    [{ start_date: "2025-01-01", end_date: "2026-01-02" }, null],
    [{ start_date: "2025-01-01", end_date: "2026-01-03" }, "export_range_too_long"],
  ])("%j → %s", (range, expected) => {
    expect(checkExportRange(range)).toBe(expected);
  });

  it("allows exactly the longest range", () => {
    expect(daysInRange("2025-01-01", "2026-01-02")).toBe(EXPORT_MAX_DAYS);
  });

  it("starts and ends days at Mexico City's midnight", () => {
    expect(startOfLocalDay("2026-03-10").toISOString()).toBe("2026-03-10T06:00:00.000Z");
    const { from, to } = exportInstants({ start_date: "2026-03-01", end_date: "2026-03-31" });
    expect(from?.toISOString()).toBe("2026-03-01T06:00:00.000Z");
    expect(to?.toISOString()).toBe("2026-04-01T06:00:00.000Z");
    expect(exportInstants({})).toEqual({ from: null, to: null });
  });

  it("follows daylight saving where the zone has it", () => {
    expect(startOfLocalDay("2026-07-01", "America/New_York").toISOString()).toBe("2026-07-01T04:00:00.000Z");
    expect(startOfLocalDay("2026-01-01", "America/New_York").toISOString()).toBe("2026-01-01T05:00:00.000Z");
    expect(startOfLocalDay("2026-01-01", "America/Argentina/Buenos_Aires").toISOString()).toBe("2026-01-01T03:00:00.000Z");
  });

  it("reads an evening in Mexico as that day, not UTC's next one", () => {
    expect(localDate(new Date("2026-03-11T03:00:00Z"))).toBe("2026-03-10");
  });
});

describe("dashboard windows", () => {
  const now = new Date("2026-03-11T18:00:00Z"); // Wednesday 11 March, noon in Mexico City

  it("today, this month and the last 30 days", () => {
    const windows = dashboardWindows(now, "day");
    expect(windows.today.toISOString()).toBe("2026-03-11T06:00:00.000Z");
    expect(windows.month.toISOString()).toBe("2026-03-01T06:00:00.000Z");
    expect(windows.chartStartDate).toBe("2026-02-10");
    const dates = chartBucketDates(windows.chartStartDate, "day");
    expect(dates).toHaveLength(30);
    expect(dates.at(-1)).toBe("2026-03-11");
  });

  it("12 weeks starting on Mondays, this week last", () => {
    const { chartStartDate } = dashboardWindows(now, "week");
    const dates = chartBucketDates(chartStartDate, "week");
    expect(dates).toHaveLength(12);
    expect(dates.at(-1)).toBe("2026-03-09");
    expect(new Date(`${chartStartDate}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it("12 months across a year's turn", () => {
    const { chartStartDate } = dashboardWindows(now, "month");
    expect(chartStartDate).toBe("2025-04-01");
    expect(chartBucketDates(chartStartDate, "month").at(-1)).toBe("2026-03-01");
  });
});

describe("conversionRate", () => {
  it.each([
    [0, 0, null],
    [200, 3, 1.5],
    [3, 1, 33.3],
    [10, 10, 100],
  ])("%i visits, %i purchases → %s %", (visits, purchases, expected) => {
    expect(conversionRate(visits, purchases)).toBe(expected);
  });
});

describe("isSaleState: what the dashboard counts as a sale", () => {
  it.each([
    ["pending_payment", false],
    ["expired", false],
    ["canceled", false],
    ["paid", true],
    ["confirmed", true],
    ["in_process", true],
    ["ready_to_deliver", true],
    ["on_the_way", true],
    ["delivered", true],
    ["canceled_by_customer", false],
    ["canceled_by_supplier", false],
  ])("%s → %s", (state, expected) => {
    expect(isSaleState(state)).toBe(expected);
  });
});
