import { z } from "zod";
import { collaborationPickerPageSize, collaboratorProfiles, collaboratorsPageSize } from "../rules/collaborators";
import { countryCodeField, emailField, phoneField } from "./accounts";

/**
 * Collaborators and collaborations (commerce-and-accounts §3 'Collaborator': id, store_name, store_url, store_photo,
 * profiles, refresh). The admin list shows who was invited and how far the invitation went; the invitee's list shows
 * the stores they collaborate with.
 */

export const collaboratorProfile = z.enum(collaboratorProfiles);
const profiles = z.array(collaboratorProfile).min(1, { message: "collaborator_profiles_required" }).max(collaboratorProfiles.length);

/** POST collaborators: an e-mail, or a phone with its country code, and one or more profiles. */
export const inviteCollaboratorBody = z
  .object({
    email: emailField.optional(),
    phone: phoneField.optional(),
    country_code: countryCodeField.optional(),
    profiles,
  })
  .superRefine((value, issue) => {
    if (value.email && value.phone) issue.addIssue({ code: "custom", path: ["phone"], message: "collaborator_one_address" });
    if (!value.email && !value.phone) issue.addIssue({ code: "custom", path: ["email"], message: "required" });
    if (value.phone && !value.country_code) issue.addIssue({ code: "custom", path: ["country_code"], message: "required" });
  });
export type InviteCollaboratorBody = z.infer<typeof inviteCollaboratorBody>;

export const updateCollaboratorBody = z.object({ profiles });

export const collaboratorView = z.object({
  id: z.string(),
  /** The e-mail or phone the invitation went to (the login name). */
  username: z.string(),
  channel: z.enum(["email", "sms"]),
  /** The person's name once the address belongs to an account, else null. */
  full_name: z.string().nullable(),
  profiles: z.array(collaboratorProfile),
  state: z.enum(["pending", "accepted"]),
  /** When the invitation was last sent (the spec's 'refresh'). */
  refresh: z.string(),
  invited_at: z.string(),
  accepted_at: z.string().nullable(),
  store_name: z.string(),
  store_url: z.string(),
  store_photo: z.string().nullable(),
});
export type CollaboratorView = z.infer<typeof collaboratorView>;

/** A store the signed-in user collaborates with, or is invited to (GET collaborations). */
export const collaborationView = z.object({
  id: z.string(),
  shop_slug: z.string(),
  store_name: z.string(),
  store_url: z.string(),
  store_photo: z.string().nullable(),
  profiles: z.array(collaboratorProfile),
  /** Where their work in that shop starts (the first admin page their profiles may open), under store_url. */
  admin_url: z.string(),
  state: z.enum(["pending", "accepted"]),
});
export type CollaborationView = z.infer<typeof collaborationView>;

const offset = z.coerce.number().int().min(0).max(100_000).default(0);
export const collaboratorsQuery = z.object({ offset, limit: z.coerce.number().int().min(1).max(50).default(collaboratorsPageSize) });
export const collaborationsQuery = z.object({
  offset,
  limit: z.coerce.number().int().min(1).max(50).default(collaborationPickerPageSize),
  /** 'pending': the invitations waiting for the user's answer; default the accepted collaborations. */
  state: z.enum(["pending", "accepted"]).default("accepted"),
});

export const collaboratorParams = z.object({ slug: z.string().min(1).max(200), id: z.string().uuid() });
export const collaborationParams = z.object({ id: z.string().uuid() });

/** A list with the spec's count (§7 'collaborators fetched ... count and results') and the API's matches_estimated. */
export function countedListOf<T extends z.ZodTypeAny>(item: T) {
  return z.object({ results: z.array(item), count: z.number().int(), matches_estimated: z.number().int() });
}

export const profileOption = z.object({ id: collaboratorProfile, name: z.string() });
