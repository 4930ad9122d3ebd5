import type { AuditKind, AuditRole } from "@tianguis/domain/rules/audit";
import type { AuditEntryView } from "@tianguis/domain/schemas/audit";
import type { AuditEntryRow } from "./queries";

export function auditEntryView(row: AuditEntryRow): AuditEntryView {
  return {
    id: row.id,
    created_at: row.createdAt.toISOString(),
    actor: { id: row.actorId, name: row.actorName, role: row.actorRole as AuditRole },
    kind: row.kind as AuditKind,
    action: row.action,
    entity_id: row.entityId,
    entity_label: row.entityLabel,
    changes: row.changes,
    source_address: row.sourceAddress,
  };
}
