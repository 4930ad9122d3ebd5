import { z } from "zod";
import {
  commissionListQuery,
  commissionView,
  earningsQuery,
  earningsSummary,
  markCommissionsPaidBody,
  markCommissionsPaidResult,
  orderCommissions,
  owedToBeneficiary,
} from "../schemas/commission";
import { listOf } from "../schemas/common";
import { endpoint } from "./endpoint";

/**
 * Commissions (commerce-and-accounts §6 'reseller earning', §9): the beneficiary's earnings and commissions; the
 * supplier's owed commissions per beneficiary, per order, and marking them paid.
 */
export const commissionsApi = {
  earnings: endpoint({
    method: "GET",
    path: "/me/earnings",
    tags: ["commissions"],
    summary: "The signed-in user's commission totals (pending, available, paid, reversed) and per-period buckets for a chart",
    query: earningsQuery,
    response: earningsSummary,
  }),
  list: endpoint({
    method: "GET",
    path: "/me/commissions",
    tags: ["commissions"],
    summary: "The signed-in user's commissions, newest first, 10 per page",
    query: commissionListQuery,
    response: listOf(commissionView),
  }),
  owed: endpoint({
    method: "GET",
    path: "/shops/:slug/commissions/owed",
    tags: ["commissions"],
    summary: "What the supplier shop owes each reseller or promoter: available, pending and paid totals",
    params: z.object({ slug: z.string() }),
    response: z.object({ results: z.array(owedToBeneficiary) }),
  }),
  markPaid: endpoint({
    method: "POST",
    path: "/shops/:slug/commissions/mark-paid",
    tags: ["commissions"],
    summary: "The supplier paid a beneficiary: their available commissions in a currency become paid",
    params: z.object({ slug: z.string() }),
    body: markCommissionsPaidBody,
    response: markCommissionsPaidResult,
  }),
  order: endpoint({
    method: "GET",
    path: "/shops/:slug/orders/:id/commissions",
    tags: ["commissions"],
    summary: "The commissions an order's supplier owes, per line and in total",
    params: z.object({ slug: z.string(), id: z.string().uuid() }),
    response: orderCommissions,
  }),
};
