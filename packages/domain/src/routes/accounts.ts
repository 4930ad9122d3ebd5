// Written by `npm run routes -w @tianguis/domain` from src/api/accounts.ts: change the contract there, then run it again.
import type { accountsApi as accountsApiContract } from "../api/accounts";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/accounts.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const accountsApi = routes<typeof accountsApiContract>({
  me: { method: "GET", path: "/auth/me" },
  usernameExists: { method: "POST", path: "/users/exist" },
  register: { method: "POST", path: "/auth/register" },
  activate: { method: "POST", path: "/activate/pin/" },
  resendPin: { method: "POST", path: "/auth/pin/resend" },
  login: { method: "POST", path: "/auth/login" },
  logout: { method: "POST", path: "/auth/logout" },
  passwordForgot: { method: "POST", path: "/auth/password/forgot" },
  passwordReset: { method: "POST", path: "/auth/password/reset" },
  profile: { method: "GET", path: "/profile" },
  updateProfile: { method: "PUT", path: "/profile" },
  requestCoordinator: { method: "POST", path: "/profile/coordinator-request" },
  coordinatorRequests: { method: "GET", path: "/platform/coordinator-requests" },
  grantCoordinator: { method: "POST", path: "/platform/coordinator-requests/:userId/grant" },
  refuseCoordinator: { method: "POST", path: "/platform/coordinator-requests/:userId/refuse" },
  tourSetting: { method: "GET", path: "/profile/setup-apps" },
  updateTourSetting: { method: "PATCH", path: "/profile/setup-apps" },
  slugExists: { method: "POST", path: "/affiliate/store/slug/exists" },
  createShop: { method: "POST", path: "/affiliate/store" },
  ownShops: { method: "GET", path: "/affiliate/store" },
});
