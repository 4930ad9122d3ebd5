import type { Locale } from "@tianguis/domain/locale";
import type { AuditValues } from "@tianguis/domain/rules/audit";
import { type MessageCode, translate } from "@tianguis/domain/messages/index";
import {
  collaboratorProfiles,
  invitationAddress,
  invitationProblem,
  mayManageCollaborators,
  mayRefreshInvitation,
  normalizeProfiles,
} from "@tianguis/domain/rules/collaborators";
import type { CollaborationView, CollaboratorView, InviteCollaboratorBody } from "@tianguis/domain/schemas/collaborator";
import type { ShopRole } from "@tianguis/domain/schemas/shop";
import type { AppContext } from "../../context";
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../db/client";
import { shopMembers } from "../../db/schema/shops";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { type AlertVar, notifyAlert } from "../alerts/service";
import { recordChange } from "../audit/service";
import { type ShopRow, findShopWithAccess } from "../shops/service";
import {
  type CollaboratorRow,
  deleteCollaborator,
  insertInvitation,
  markAccepted,
  markResent,
  replaceMemberRoles,
  selectAccount,
  selectCollaborations,
  selectCollaborator,
  selectPendingFor,
  selectShopCollaborators,
  selectUsername,
  updateProfiles,
} from "./queries";
import { toCollaborationView, toCollaboratorView } from "./views";

/**
 * Collaborators of a shop (commerce-and-accounts §3, §6, §7): invitations by e-mail or phone with profiles, accepted by
 * signing in with that address (or from 'Mis colaboraciones'), changed, sent again and removed by the owner or an
 * admin. The one writer of shop_collaborators and of collaborators' shop_members rows: accepting, changing profiles and
 * removing change both in one transaction, so access follows the list at once.
 */

/** 401 for visitors, 403 unless the owner or a shop admin (§6 'Shop owner id scopes collaborator ... calls'). */
async function requireManager(ctx: AppContext, slug: string, user: SessionUser | null) {
  if (!user) throw new AppError("unauthorized");
  const { shop, access } = await findShopWithAccess(ctx, { slug }, user);
  if (!mayManageCollaborators(access)) throw new AppError("forbidden");
  return { shop, user };
}

async function requireShopCollaborator(ctx: AppContext, shop: ShopRow, id: string): Promise<CollaboratorRow> {
  const row = await selectCollaborator(ctx.db, id);
  if (!row || row.shopId !== shop.id) throw new AppError("collaborator_not_found", { status: 404 });
  return row;
}

async function reread(db: DbOrTx, id: string): Promise<CollaboratorRow> {
  const row = await selectCollaborator(db, id);
  if (!row) throw new AppError("collaborator_not_found", { status: 404 });
  return row;
}

/** Where links in messages point: the platform's base domain (as the order letters do). */
function siteOrigin(ctx: AppContext): string {
  const { config } = ctx;
  return config.isProduction ? `https://${config.BASE_DOMAIN}` : `http://${config.BASE_DOMAIN}:${config.PORT}`;
}

const collaborationsPath = "/apps/me/colaboraciones";

function profileNames(profiles: readonly ShopRole[], locale: Locale): string {
  return profiles.map((profile) => translate(locale, `profile_${profile}` as MessageCode)).join(", ");
}

/** The profiles in an alert: one is translated per locale; several are named in Spanish, the shops' language. */
function profilesVar(profiles: readonly ShopRole[]): AlertVar {
  return profiles.length === 1 ? { code: `profile_${profiles[0]}` as MessageCode } : profileNames(profiles, "es");
}

/** The invitation by e-mail or SMS in the invitee's language (their account's, else the inviter's request's). */
async function sendInvitation(ctx: AppContext, row: CollaboratorRow, inviter: string, locale: Locale) {
  const url = `${siteOrigin(ctx)}/login?next=${encodeURIComponent(collaborationsPath)}`;
  const vars = { shop: row.shopName, inviter, profiles: profileNames(row.profiles, locale), url };
  if (row.channel === "email") {
    await ctx.notifier.send({
      channel: "email",
      to: row.username,
      subject: translate(locale, "invitation_email_subject", vars),
      body: translate(locale, "invitation_email_body", vars),
    });
  } else {
    await ctx.notifier.send({ channel: "sms", to: row.username, body: translate(locale, "invitation_sms_body", vars) });
  }
}

/** The users who hold a shop's admin profile: the collaborators module's read door (contacts ring them with the owner). */
export async function shopAdminIds(db: DbOrTx, shopId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: shopMembers.userId })
    .from(shopMembers)
    .where(and(eq(shopMembers.shopId, shopId), eq(shopMembers.role, "admin")));
  return rows.map((row) => row.userId);
}

export async function listCollaborators(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  page: { offset: number; limit: number },
): Promise<{ results: CollaboratorView[]; count: number; matches_estimated: number }> {
  const { shop } = await requireManager(ctx, slug, user);
  const { rows, total } = await selectShopCollaborators(ctx.db, shop.id, page);
  return { results: rows.map(toCollaboratorView), count: total, matches_estimated: total };
}

/**
 * Invites a person: the invitation row, an alert when the address already has an account (it opens 'Mis
 * colaboraciones'), then the e-mail or SMS. Inviting an address twice answers 409 and sends nothing.
 */
export async function inviteCollaborator(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  body: InviteCollaboratorBody,
  locale: Locale,
): Promise<CollaboratorView> {
  const { shop, user: inviter } = await requireManager(ctx, slug, user);
  const address = invitationAddress(
    body.email ? { email: body.email } : { phone: body.phone ?? "", country_code: body.country_code ?? "" },
  );
  const ownerUsername = (await selectUsername(ctx.db, shop.ownerId)) ?? "";
  const problem = invitationProblem({ username: address.username, ownerUsername });
  if (problem) throw new AppError(problem, { fields: { [address.channel === "email" ? "email" : "phone"]: problem } });
  const profiles = normalizeProfiles(body.profiles);
  const now = ctx.clock.now();
  const account = await selectAccount(ctx.db, address.username);
  const row = await ctx.db.transaction(async (tx) => {
    const id = await insertInvitation(tx, { shopId: shop.id, ...address, profiles, invitedBy: inviter.id, now });
    if (!id)
      throw new AppError("collaborator_exists", {
        status: 409,
        fields: { [address.channel === "email" ? "email" : "phone"]: "collaborator_exists" },
      });
    await recordCollaboratorChange(tx, shop.id, id, address.username, "create", null, { profiles, state: "pending" }, now);
    if (account) {
      await notifyAlert(
        tx,
        {
          recipientId: account.id,
          originApp: "store",
          params: { type: "collaboration", shop: shop.slug },
          message: { code: "alert_collaborator_invitation", vars: { shop: shop.name, profiles: profilesVar(profiles) } },
        },
        now,
      );
    }
    return reread(tx, id);
  });
  await sendInvitation(ctx, row, inviter.fullName || inviter.username, account?.locale ?? locale);
  return toCollaboratorView(row);
}

/** New profiles; for an accepted collaborator their roles in the shop change in the same transaction. */
export async function changeCollaboratorProfiles(
  ctx: AppContext,
  slug: string,
  id: string,
  user: SessionUser | null,
  body: { profiles: ShopRole[] },
): Promise<CollaboratorView> {
  const { shop } = await requireManager(ctx, slug, user);
  const row = await requireShopCollaborator(ctx, shop, id);
  const profiles = normalizeProfiles(body.profiles);
  const now = ctx.clock.now();
  const updated = await ctx.db.transaction(async (tx) => {
    await updateProfiles(tx, row.id, profiles, now);
    const current = await reread(tx, row.id);
    if (current.state === "accepted" && current.userId) await replaceMemberRoles(tx, shop.id, current.userId, current.profiles);
    const roles = { before: { profiles: row.profiles }, after: { profiles: current.profiles } };
    await recordCollaboratorChange(tx, shop.id, row.id, row.username, "update", roles.before, roles.after, now);
    return current;
  });
  return toCollaboratorView(updated);
}

/** Removes the collaborator (or withdraws the invitation); an accepted one loses every role in the shop at once. */
export async function removeCollaborator(ctx: AppContext, slug: string, id: string, user: SessionUser | null) {
  const { shop } = await requireManager(ctx, slug, user);
  const row = await requireShopCollaborator(ctx, shop, id);
  await ctx.db.transaction(async (tx) => {
    await removeRow(tx, id);
    const before = { profiles: row.profiles, state: row.state };
    await recordCollaboratorChange(tx, shop.id, row.id, row.username, "delete", before, null, ctx.clock.now());
  });
  return { removed: true as const };
}

/** The shop's audit log names a collaborator by the address they were invited at. */
async function recordCollaboratorChange(
  tx: DbOrTx,
  shopId: string,
  id: string,
  username: string,
  action: "create" | "update" | "delete",
  before: AuditValues | null,
  after: AuditValues | null,
  now: Date,
) {
  await recordChange(tx, { shopId, kind: "collaborator", action, entityId: id, entityLabel: username, before, after }, now);
}

async function removeRow(db: DbOrTx, id: string) {
  await db.transaction(async (tx) => {
    const removed = await deleteCollaborator(tx, id);
    if (removed?.userId) await replaceMemberRoles(tx, removed.shopId, removed.userId, []);
  });
}

/** 'refresh': the pending invitation is sent again, at most once a minute (429 collaborator_refresh_too_soon). */
export async function refreshInvitation(
  ctx: AppContext,
  slug: string,
  id: string,
  user: SessionUser | null,
  locale: Locale,
): Promise<CollaboratorView> {
  const { shop, user: inviter } = await requireManager(ctx, slug, user);
  const row = await requireShopCollaborator(ctx, shop, id);
  if (row.state === "accepted") throw new AppError("collaborator_already_accepted", { status: 409 });
  const now = ctx.clock.now();
  if (!mayRefreshInvitation(row.sentAt, now) || !(await markResent(ctx.db, row.id, row.sentAt, now))) {
    throw new AppError("collaborator_refresh_too_soon", { status: 429 });
  }
  const current = await reread(ctx.db, row.id);
  const account = await selectAccount(ctx.db, row.username);
  await sendInvitation(ctx, current, inviter.fullName || inviter.username, account?.locale ?? locale);
  return toCollaboratorView(current);
}

/** The profiles a collaborator may hold, named in `locale`. */
export function profileOptions(locale: Locale) {
  return { results: collaboratorProfiles.map((id) => ({ id, name: translate(locale, `profile_${id}` as MessageCode) })) };
}

/** GET collaborations: the stores the user collaborates with, or (state=pending) the invitations waiting for them. */
export async function listCollaborations(
  ctx: AppContext,
  user: SessionUser | null,
  query: { state: "pending" | "accepted"; offset: number; limit: number },
): Promise<{ results: CollaborationView[]; count: number; matches_estimated: number }> {
  if (!user) throw new AppError("unauthorized");
  const { rows, total } = await selectCollaborations(ctx.db, user, query);
  return { results: rows.map(toCollaborationView), count: total, matches_estimated: total };
}

/** Accepts one invitation addressed to the user's login name: the row and the roles change together, once. */
async function acceptRow(db: DbOrTx, id: string, user: { id: string; username: string }, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markAccepted(tx, id, user, now))) return false;
    const row = await reread(tx, id);
    await replaceMemberRoles(tx, row.shopId, user.id, row.profiles);
    return true;
  });
}

export async function acceptInvitation(ctx: AppContext, user: SessionUser | null, id: string): Promise<CollaborationView> {
  if (!user) throw new AppError("unauthorized");
  const row = await selectCollaborator(ctx.db, id);
  // Someone else's invitation is as good as missing: its existence is not the user's business.
  const mine = row && (row.username === user.username || row.userId === user.id);
  if (!row || !mine) throw new AppError("invitation_not_found", { status: 404 });
  if (row.state === "pending") await acceptRow(ctx.db, id, user, ctx.clock.now());
  return toCollaborationView(await reread(ctx.db, id));
}

/** The invitee declines an invitation, or stops collaborating: the row and their roles in the shop go. */
export async function leaveCollaboration(ctx: AppContext, user: SessionUser | null, id: string) {
  if (!user) throw new AppError("unauthorized");
  const row = await selectCollaborator(ctx.db, id);
  const mine = row && (row.userId === user.id || (row.state === "pending" && row.username === user.username));
  if (!row || !mine) throw new AppError("invitation_not_found", { status: 404 });
  await removeRow(ctx.db, id);
  return { removed: true as const };
}

/**
 * Signing in (or finishing sign-up) with an invited address accepts its pending invitations (§7: 'they accept by
 * signing in'). Called by the accounts module once the session is open.
 */
export async function acceptInvitationsOnSignIn(ctx: AppContext, user: { id: string; username: string }): Promise<number> {
  let accepted = 0;
  for (const { id } of await selectPendingFor(ctx.db, user.username)) {
    if (await acceptRow(ctx.db, id, user, ctx.clock.now())) accepted += 1;
  }
  return accepted;
}

/** The demo seed's collaborator: an invitation already accepted by an existing account. */
export async function seedCollaborator(
  ctx: AppContext,
  shop: { id: string; ownerId: string },
  user: { id: string; username: string },
  profiles: ShopRole[],
) {
  const id = await insertInvitation(ctx.db, {
    shopId: shop.id,
    username: user.username,
    channel: user.username.includes("@") ? "email" : "sms",
    profiles: normalizeProfiles(profiles),
    invitedBy: shop.ownerId,
    now: ctx.clock.now(),
  });
  if (id) await acceptRow(ctx.db, id, user, ctx.clock.now());
}
