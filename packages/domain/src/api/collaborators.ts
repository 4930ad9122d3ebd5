import { z } from "zod";
import {
  collaborationParams,
  collaborationView,
  collaborationsQuery,
  collaboratorParams,
  collaboratorView,
  collaboratorsQuery,
  countedListOf,
  inviteCollaboratorBody,
  profileOption,
  updateCollaboratorBody,
} from "../schemas/collaborator";
import { endpoint } from "./endpoint";

const shopParams = z.object({ slug: z.string().min(1).max(200) });

/**
 * Collaborators (commerce-and-accounts §7 'Collaborators: GET, POST, PATCH /{id}, DELETE /{id}, PUT /{id}/refresh,
 * GET collaborators/profiles'; 'GET collaborations (offset, limit)'). The shop's owner and admins manage them; the
 * invitee sees and accepts their invitations and lists the stores they collaborate with.
 */
export const collaboratorsApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/collaborators",
    tags: ["collaborators"],
    summary: "The shop's collaborators and pending invitations, newest first (owner or shop admin; 10 per page)",
    params: shopParams,
    query: collaboratorsQuery,
    response: countedListOf(collaboratorView),
  }),
  invite: endpoint({
    method: "POST",
    path: "/shops/:slug/collaborators",
    tags: ["collaborators"],
    summary:
      "Invite a collaborator by e-mail or phone with one or more profiles; the invitee gets an e-mail or SMS and, with an " +
      "account, an alert (owner or shop admin; 409 collaborator_exists for an address already invited)",
    params: shopParams,
    body: inviteCollaboratorBody,
    response: collaboratorView,
    status: 201,
  }),
  update: endpoint({
    method: "PATCH",
    path: "/shops/:slug/collaborators/:id",
    tags: ["collaborators"],
    summary: "Change a collaborator's profiles; an accepted collaborator's access changes at once (owner or shop admin)",
    params: collaboratorParams,
    body: updateCollaboratorBody,
    response: collaboratorView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/collaborators/:id",
    tags: ["collaborators"],
    summary: "Remove a collaborator or withdraw an invitation; their access ends at once (owner or shop admin)",
    params: collaboratorParams,
    response: z.object({ removed: z.literal(true) }),
  }),
  refresh: endpoint({
    method: "PUT",
    path: "/shops/:slug/collaborators/:id/refresh",
    tags: ["collaborators"],
    summary: "Send a pending invitation again (once a minute at most: 429 collaborator_refresh_too_soon) (owner or shop admin)",
    params: collaboratorParams,
    response: collaboratorView,
  }),
  profiles: endpoint({
    method: "GET",
    path: "/collaborators/profiles",
    tags: ["collaborators"],
    summary: "The profiles a collaborator may hold, named in the request's locale",
    response: z.object({ results: z.array(profileOption) }),
  }),
  collaborations: endpoint({
    method: "GET",
    path: "/collaborations",
    tags: ["collaborators"],
    summary: "The stores the signed-in user collaborates with (state=pending: the invitations waiting for an answer)",
    query: collaborationsQuery,
    response: countedListOf(collaborationView),
  }),
  accept: endpoint({
    method: "POST",
    path: "/collaborations/:id/accept",
    tags: ["collaborators"],
    summary: "Accept an invitation sent to the signed-in user's e-mail or phone; its profiles apply at once",
    params: collaborationParams,
    response: collaborationView,
  }),
  decline: endpoint({
    method: "DELETE",
    path: "/collaborations/:id",
    tags: ["collaborators"],
    summary: "Decline an invitation, or stop collaborating with a store",
    params: collaborationParams,
    response: z.object({ removed: z.literal(true) }),
  }),
};
