/**
 * The audit log's rules (issue 33 §3): what kinds of change it records, who is named for one, and which fields an entry
 * shows as changed. The server records an entry in the transaction of the write; the owner reads them at
 * {base}/admin/actividad.
 */

/** What was changed, as the owner filters it. */
export const auditKinds = ["settings", "payment_account", "product", "price", "order", "refund", "collaborator", "platform"] as const;
export type AuditKind = (typeof auditKinds)[number];

/** In which capacity the person acted: their highest role in the shop, the platform admin, or nobody signed in (a job). */
export const auditRoles = ["owner", "admin", "accountant", "dispatcher", "qrreader", "platform_admin", "customer", "system"] as const;
export type AuditRole = (typeof auditRoles)[number];

const memberRank = ["admin", "accountant", "dispatcher", "qrreader"] as const;

/** The role an entry names: the owner first, then the member's strongest role, else a customer (e.g. cancelling their order). */
export function auditRole(who: { isOwner: boolean; roles: readonly string[] }): AuditRole {
  if (who.isOwner) return "owner";
  return memberRank.find((role) => who.roles.includes(role)) ?? "customer";
}

export type AuditValues = Record<string, unknown>;
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

/**
 * The fields that differ between the record before and after the write, each with both values (null for a missing
 * one): a creation has no before, a deletion no after. Fields equal on both sides are left out, so saving a form
 * unchanged records nothing.
 */
export function changedFields(before: AuditValues | null, after: AuditValues | null): AuditChanges {
  const changes: AuditChanges = {};
  const fields = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const field of fields) {
    const was = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (!same(was, now)) changes[field] = { before: was, after: now };
  }
  return changes;
}

/** The values of `record` under `fields` only: what an entry keeps of a row (never secrets, never the whole row). */
export function pickFields<T extends object, K extends keyof T>(record: T, fields: readonly K[]): AuditValues {
  const picked: AuditValues = {};
  for (const field of fields)
    picked[field as string] = record[field] instanceof Date ? (record[field] as Date).toISOString() : record[field];
  return picked;
}

/** Entries per page of {base}/admin/actividad. */
export const auditPageSize = 20;

/** Days an entry is kept unless AUDIT_RETENTION_DAYS says otherwise: two years, beyond most tax audits' look-back. */
export const DEFAULT_AUDIT_RETENTION_DAYS = 730;

/** Entries older than this moment are purged. */
export function auditRetentionCutoff(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}
