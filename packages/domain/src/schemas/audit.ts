import { z } from "zod";
import { auditKinds, auditRoles } from "../rules/audit";

export type { AuditChanges } from "../rules/audit";

/** The audit log as the shop's owner reads it (issue 33 §3; {base}/admin/actividad). Dates are ISO strings. */

export const auditEntryView = z.object({
  id: z.string().uuid(),
  created_at: z.string(),
  actor: z.object({ id: z.string().uuid().nullable(), name: z.string().nullable(), role: z.enum(auditRoles) }),
  kind: z.enum(auditKinds),
  action: z.string(),
  entity_id: z.string().nullable(),
  entity_label: z.string().nullable(),
  changes: z.record(z.string(), z.object({ before: z.unknown(), after: z.unknown() })),
  source_address: z.string().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntryView>;

export const auditListQuery = z.object({
  actor: z.string().uuid().optional(),
  kind: z.enum(auditKinds).optional(),
  from: z.iso.date().optional(),
  to: z.iso.date().optional(),
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type AuditListQuery = z.infer<typeof auditListQuery>;

/** Everyone who appears in the shop's log, for the "who" filter. */
export const auditActorsView = z.object({
  results: z.array(z.object({ id: z.string().uuid(), name: z.string().nullable(), role: z.enum(auditRoles) })),
});
export type AuditActorsView = z.infer<typeof auditActorsView>;
