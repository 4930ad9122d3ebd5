// CI's dependency audit (issue #32, docs/DEPLOY.md "Dependency audit"): `npm audit --omit=dev`, failing on a high or
// critical advisory in a production dependency unless scripts/audit-overrides.json accepts it, with a reason, until a date.
// An audit that cannot reach the registry's advisory endpoint (offline, a proxy that refuses the POST) is reported and
// does not fail the build: it says nothing about the dependencies.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const OVERRIDES_FILE = path.join(root, "scripts", "audit-overrides.json");
const FAILING = new Set(["high", "critical"]);

/** The advisory id an override names: the GHSA id at the end of the advisory's URL, or npm's numeric source id. */
function advisoryIds(via) {
  const ids = [String(via.source)];
  const ghsa = /GHSA-[\w-]+/i.exec(via.url ?? "");
  if (ghsa) ids.push(ghsa[0]);
  return ids;
}

/** The override list, checked: each entry names an advisory, a package, a reason and an expiry date (YYYY-MM-DD). */
export function readOverrides(text) {
  const parsed = JSON.parse(text);
  const list = parsed.overrides;
  if (!Array.isArray(list)) throw new Error("audit-overrides.json: expected { overrides: [...] }");
  for (const entry of list) {
    for (const field of ["advisory", "package", "reason", "expires"])
      if (typeof entry[field] !== "string" || entry[field].trim() === "")
        throw new Error(`audit-overrides.json: every override needs "${field}" (${JSON.stringify(entry)})`);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(entry.expires)) throw new Error(`audit-overrides.json: expires must be YYYY-MM-DD (${entry.advisory})`);
  }
  return list;
}

/**
 * Judges `npm audit --json`'s output. `unreachable`: the audit did not run (no report), with npm's reason. Otherwise the
 * high/critical advisories of production packages, split into those an unexpired override accepts and those that fail.
 */
export function judgeAudit(output, overrides, today) {
  let report;
  try {
    report = JSON.parse(output);
  } catch {
    return { unreachable: true, reason: output.trim().split("\n")[0] || "npm audit printed nothing" };
  }
  if (!report || typeof report !== "object" || !report.vulnerabilities || typeof report.vulnerabilities !== "object")
    return { unreachable: true, reason: report?.message ?? report?.error?.summary ?? "npm audit gave no report" };
  const active = overrides.filter((entry) => entry.expires >= today);
  const failing = [];
  const accepted = [];
  const used = new Set();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via ?? []) {
      // A string names another package whose own advisory is listed under it.
      if (typeof via !== "object" || !FAILING.has(via.severity)) continue;
      const ids = advisoryIds(via);
      const finding = { package: via.name ?? vulnerability.name, severity: via.severity, title: via.title, url: via.url, ids };
      const override = active.find((entry) => entry.package === finding.package && ids.includes(entry.advisory));
      if (override) {
        used.add(override);
        accepted.push({ ...finding, reason: override.reason, expires: override.expires });
      } else failing.push(finding);
    }
  }
  const unused = overrides.filter((entry) => !used.has(entry));
  return { unreachable: false, failing, accepted, unused, counts: report.metadata?.vulnerabilities ?? {} };
}

function main() {
  const overrides = readOverrides(fs.readFileSync(OVERRIDES_FILE, "utf8"));
  const audit = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: root, encoding: "utf8", timeout: 300_000 });
  const output = audit.error ? "" : audit.stdout;
  const verdict = judgeAudit(output || (audit.error?.message ?? audit.stderr ?? ""), overrides, new Date().toISOString().slice(0, 10));
  if (verdict.unreachable) {
    console.log(`Dependency audit skipped: the registry's audit endpoint could not be reached (${verdict.reason}).`);
    return 0;
  }
  const counts = Object.entries(verdict.counts)
    .filter(([severity, n]) => severity !== "total" && n > 0)
    .map(([severity, n]) => `${n} ${severity}`);
  console.log(`Dependency audit (production dependencies): ${counts.length > 0 ? counts.join(", ") : "no advisories"}.`);
  for (const finding of verdict.accepted)
    console.log(`  accepted until ${finding.expires}: ${finding.severity} ${finding.package} ${finding.ids.at(-1)} (${finding.reason})`);
  for (const entry of verdict.unused) console.log(`  override no longer needed: ${entry.package} ${entry.advisory} (remove it)`);
  for (const finding of verdict.failing)
    console.error(`  ${finding.severity.toUpperCase()} ${finding.package}: ${finding.title} ${finding.url ?? ""}`.trimEnd());
  if (verdict.failing.length > 0) {
    console.error(
      `Dependency audit failed: ${verdict.failing.length} high/critical advisories. Upgrade the package (npm audit fix --omit=dev), ` +
        "or accept the advisory in scripts/audit-overrides.json with a reason and an expiry date.",
    );
    return 1;
  }
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(main());
