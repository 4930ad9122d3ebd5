import { z } from "zod";
import { paymentProviders } from "../rules/payment-providers";
import { paymentAccountBody, paymentAccountView, paymentModeBody, paymentSettingsView } from "../schemas/payment-account";
import { endpoint } from "./endpoint";

const slugParams = z.object({ slug: z.string().min(1).max(200) });
const accountParams = slugParams.extend({ provider: z.enum(paymentProviders) });

/**
 * A supplier's own payment provider accounts (issue #18, 'Formas de pago'): the owner or a shop admin connects keys once
 * (stored encrypted, never returned), tests them, and switches the shop between the sandbox and live; providers send
 * their webhooks to one endpoint per account, verified with that account's webhook secret.
 */
export const paymentAccountsApi = {
  list: endpoint({
    method: "GET",
    path: "/shops/:slug/payment-accounts",
    tags: ["payment-accounts"],
    summary: "The shop's mode (sandbox or live) and one entry per provider, connected or not; secrets only as their last 4",
    params: slugParams,
    response: paymentSettingsView,
  }),
  connect: endpoint({
    method: "PUT",
    path: "/shops/:slug/payment-accounts/:provider",
    tags: ["payment-accounts"],
    summary: "Connect (or replace) the shop's account at a provider; the keys are encrypted at rest and the account is 'untested'",
    params: accountParams,
    body: paymentAccountBody,
    response: paymentAccountView,
  }),
  test: endpoint({
    method: "POST",
    path: "/shops/:slug/payment-accounts/:provider/test",
    tags: ["payment-accounts"],
    summary: "Test the account's keys with a harmless call to the provider; 422 provider_auth_failed or 503 provider_unavailable",
    params: accountParams,
    response: paymentAccountView,
  }),
  disconnect: endpoint({
    method: "DELETE",
    path: "/shops/:slug/payment-accounts/:provider",
    tags: ["payment-accounts"],
    summary: "Forget the shop's account at a provider (its keys are deleted)",
    params: accountParams,
    response: paymentAccountView,
  }),
  mode: endpoint({
    method: "PUT",
    path: "/shops/:slug/payment-mode",
    tags: ["payment-accounts"],
    summary: "Switch the shop between the sandbox (default) and its own live accounts; live needs one connected account",
    params: slugParams,
    body: paymentModeBody,
    response: paymentSettingsView,
  }),
  webhook: endpoint({
    method: "POST",
    path: "/webhooks/:provider/:accountId",
    tags: ["payment-accounts"],
    summary: "A provider's webhook for one shop's account (raw body), verified with that account's webhook secret",
    params: z.object({ provider: z.enum(paymentProviders), accountId: z.string().uuid() }),
    response: z.object({ received: z.enum(["applied", "duplicate", "ignored"]) }),
  }),
};
