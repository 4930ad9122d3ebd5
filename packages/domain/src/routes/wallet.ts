// Written by `npm run routes -w @tianguis/domain` from src/api/wallet.ts: change the contract there, then run it again.
import type { walletApi as walletApiContract } from "../api/wallet";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/wallet.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const walletApi = routes<typeof walletApiContract>({
  get: { method: "GET", path: "/me/wallets/:wallet_type_id" },
  entries: { method: "GET", path: "/me/wallets/:wallet_type_id/entries" },
  saveAccount: { method: "PUT", path: "/me/wallet-account" },
  payout: { method: "POST", path: "/me/wallets/:wallet_type_id/payouts" },
  shopGet: { method: "GET", path: "/shops/:slug/wallets/:wallet_type_id" },
  shopEntries: { method: "GET", path: "/shops/:slug/wallets/:wallet_type_id/entries" },
  webhook: { method: "POST", path: "/wallet/payouts/webhooks/:provider" },
});
