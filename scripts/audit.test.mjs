import { describe, expect, it } from "vitest";
import { judgeAudit, readOverrides } from "./audit.mjs";

// What `npm audit --omit=dev --json` prints (auditReportVersion 2), trimmed to the fields the judge reads.
const advisory = (name, severity, ghsa, source) => ({
  source,
  name,
  dependency: name,
  title: `${name} is vulnerable`,
  url: `https://github.com/advisories/${ghsa}`,
  severity,
  range: "<9.9.9",
});
const report = JSON.stringify({
  auditReportVersion: 2,
  vulnerabilities: {
    busboy: { name: "busboy", severity: "high", isDirect: false, via: [advisory("busboy", "high", "GHSA-aaaa-bbbb-cccc", 1101)] },
    fastify: { name: "fastify", severity: "high", isDirect: true, via: ["busboy"] },
    marked: { name: "marked", severity: "critical", isDirect: true, via: [advisory("marked", "critical", "GHSA-dddd-eeee-ffff", 1102)] },
    qs: { name: "qs", severity: "moderate", isDirect: false, via: [advisory("qs", "moderate", "GHSA-gggg-hhhh-iiii", 1103)] },
  },
  metadata: { vulnerabilities: { info: 0, low: 0, moderate: 1, high: 2, critical: 1, total: 4 } },
});
const override = (entry) => ({
  package: "busboy",
  advisory: "GHSA-aaaa-bbbb-cccc",
  reason: "multipart off",
  expires: "2027-01-31",
  ...entry,
});

describe("the CI dependency audit (scripts/audit.mjs)", () => {
  it("fails on each high and critical advisory of a production package, not on moderate ones or on the packages that pull them in", () => {
    const verdict = judgeAudit(report, [], "2026-11-28");
    expect(verdict.unreachable).toBe(false);
    expect(verdict.failing.map((finding) => `${finding.severity} ${finding.package}`).sort()).toEqual(["critical marked", "high busboy"]);
  });

  it("accepts an advisory the override list names, by GHSA or npm id, until the override expires", () => {
    const byGhsa = judgeAudit(report, [override({})], "2027-01-31");
    expect(byGhsa.failing.map((finding) => finding.package)).toEqual(["marked"]);
    expect(byGhsa.accepted).toMatchObject([{ package: "busboy", reason: "multipart off", expires: "2027-01-31" }]);
    expect(judgeAudit(report, [override({ advisory: "1101" })], "2026-11-28").accepted).toHaveLength(1);
    const expired = judgeAudit(report, [override({})], "2027-02-01");
    expect(expired.failing.map((finding) => finding.package).sort()).toEqual(["busboy", "marked"]);
    // An override for another package with the same id accepts nothing.
    expect(judgeAudit(report, [override({ package: "fastify" })], "2026-11-28").failing).toHaveLength(2);
  });

  it("names the overrides that no longer match an advisory", () => {
    const stale = override({ package: "lodash", advisory: "GHSA-zzzz-zzzz-zzzz" });
    expect(judgeAudit(report, [override({}), stale], "2026-11-28").unused).toEqual([stale]);
  });

  it("passes a clean report", () => {
    const clean = JSON.stringify({ auditReportVersion: 2, vulnerabilities: {}, metadata: { vulnerabilities: { total: 0 } } });
    expect(judgeAudit(clean, [], "2026-11-28")).toMatchObject({ unreachable: false, failing: [], accepted: [] });
  });

  it("reports an unreachable audit endpoint instead of failing", () => {
    const refused = JSON.stringify({
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    });
    expect(judgeAudit(refused, [], "2026-11-28")).toEqual({ unreachable: true, reason: expect.stringContaining("405") });
    const offline = JSON.stringify({ error: { code: "ENOTFOUND", summary: "getaddrinfo ENOTFOUND registry.npmjs.org" } });
    expect(judgeAudit(offline, [], "2026-11-28")).toMatchObject({ unreachable: true, reason: expect.stringContaining("ENOTFOUND") });
    expect(judgeAudit("", [], "2026-11-28").unreachable).toBe(true);
  });

  it("refuses an override without a reason or an expiry date", () => {
    expect(() => readOverrides(JSON.stringify({ overrides: [override({ reason: "" })] }))).toThrow(/reason/);
    expect(() => readOverrides(JSON.stringify({ overrides: [override({ expires: "soon" })] }))).toThrow(/YYYY-MM-DD/);
    expect(readOverrides(JSON.stringify({ overrides: [override({})] }))).toHaveLength(1);
  });
});
