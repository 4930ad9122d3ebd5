import { type ShopRole, shopRoles } from "./shop-display";
import { normalizeEmail, phoneUsername } from "./registration";

/**
 * Collaborators of a shop (commerce-and-accounts §3 'Collaborator', §6, §7 'Campaigns, collaborators, alerts, blog',
 * §9): the owner (or an admin) invites people by e-mail or phone with one or more profiles; an invitee accepts by
 * signing in with that address (or from 'Mis colaboraciones' when the account already exists), and from then on the
 * profiles are the person's roles in the shop until they are changed or the collaborator is removed.
 */

/** The profiles a collaborator may hold (the spec's left-bar roles). */
export const collaboratorProfiles = shopRoles;

/** Page sizes (§9): the admin list and 'Mis colaboraciones' 10; the user menu's picker 5 in a 300 px scroll area. */
export const collaboratorsPageSize = 10;
export const collaborationsPageSize = 10;
export const collaborationPickerPageSize = 5;
export const collaborationPickerHeight = 300;
/** Re-sending an invitation ('refresh') waits this long after the last message, so nobody is flooded. */
export const invitationRefreshIntervalMs = 60_000;

export type InvitationChannel = "email" | "sms";
export type CollaboratorState = "pending" | "accepted";

/** Who is invited: an e-mail, or a phone with its country code; both become the login name the person signs in with. */
export type InviteeAddress = { email: string } | { phone: string; country_code: string };

/** The login name an invitation is for (the same form as sign-up's username) and the channel it is sent by. */
export function invitationAddress(address: InviteeAddress): { username: string; channel: InvitationChannel } {
  if ("email" in address) return { username: normalizeEmail(address.email), channel: "email" };
  return { username: phoneUsername(address.country_code, address.phone), channel: "sms" };
}

/** Profiles as stored and shown: no repeats, in the catalogue's order (admin, accountant, dispatcher, qrreader). */
export function normalizeProfiles(profiles: readonly string[]): ShopRole[] {
  return collaboratorProfiles.filter((profile) => profiles.includes(profile));
}

/** Only the owner and the shop's admins manage collaborators (§6: 'Shop owner id scopes collaborator ... calls'). */
export function mayManageCollaborators(access: { isOwner: boolean; isAdmin: boolean }): boolean {
  return access.isOwner || access.isAdmin;
}

/** Why an invitation cannot be made, or null: the owner is no collaborator of their own shop. */
export function invitationProblem(input: { username: string; ownerUsername: string }): "collaborator_is_owner" | null {
  return input.username === input.ownerUsername ? "collaborator_is_owner" : null;
}

/** Whether an invitation may be sent again now: never before the interval since the last message has passed. */
export function mayRefreshInvitation(lastSentAt: Date, now: Date): boolean {
  return now.getTime() - lastSentAt.getTime() >= invitationRefreshIntervalMs;
}
