import { collaborationLanding } from "@tianguis/domain/rules/admin-modules";
import type { CollaborationView, CollaboratorView } from "@tianguis/domain/schemas/collaborator";
import type { CollaboratorRow } from "./queries";

/** A collaborator row in the API's shapes: the admin list's and the invitee's ('GET collaborations'). */

const storeUrl = (row: CollaboratorRow) => `/tienda/${row.shopSlug}`;

export function toCollaboratorView(row: CollaboratorRow): CollaboratorView {
  return {
    id: row.id,
    username: row.username,
    channel: row.channel,
    full_name: row.fullName || null,
    profiles: row.profiles,
    state: row.state,
    refresh: row.sentAt.toISOString(),
    invited_at: row.createdAt.toISOString(),
    accepted_at: row.acceptedAt?.toISOString() ?? null,
    store_name: row.shopName,
    store_url: storeUrl(row),
    store_photo: row.shopPhoto,
  };
}

export function toCollaborationView(row: CollaboratorRow): CollaborationView {
  const landing = collaborationLanding(row.profiles, { store_type: row.storeType });
  return {
    id: row.id,
    shop_slug: row.shopSlug,
    store_name: row.shopName,
    store_url: storeUrl(row),
    store_photo: row.shopPhoto,
    profiles: row.profiles,
    admin_url: landing === "/" ? storeUrl(row) : `${storeUrl(row)}${landing}`,
    state: row.state,
  };
}
