// Written by `npm run routes -w @tianguis/domain` from src/api/referral.ts: change the contract there, then run it again.
import type { referralApi as referralApiContract } from "../api/referral";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/referral.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const referralApi = routes<typeof referralApiContract>({
  me: { method: "GET", path: "/me/referral" },
  listCampaigns: { method: "GET", path: "/me/campaigns" },
  createCampaign: { method: "POST", path: "/me/campaigns" },
  updateCampaign: { method: "PATCH", path: "/me/campaigns/:id" },
  deleteCampaign: { method: "DELETE", path: "/me/campaigns/:id" },
  listChannels: { method: "GET", path: "/me/channels" },
  createChannel: { method: "POST", path: "/me/channels" },
  updateChannel: { method: "PATCH", path: "/me/channels/:id" },
  deleteChannel: { method: "DELETE", path: "/me/channels/:id" },
  createShortLink: { method: "POST", path: "/shops/:slug/short-links" },
  promoted: { method: "GET", path: "/shops/:slug/promoted" },
  follow: { method: "PUT", path: "/me/follows/:userId" },
  unfollow: { method: "DELETE", path: "/me/follows/:userId" },
});
