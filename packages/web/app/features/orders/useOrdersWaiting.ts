import { ordersApi } from "@tianguis/domain/routes/orders";
import { api } from "../../lib/api/client";
import { useIdleCount } from "../../lib/useIdleCount";

const askWaiting = (slug: string, signal: AbortSignal) => api(ordersApi.waiting, { params: { slug }, signal });

/** How many paid orders wait for the shop's confirmation (the badge on the admin menu's 'Pedidos'). */
export function useOrdersWaiting(slug: string | null): number {
  return useIdleCount(slug, askWaiting);
}
