import { ordersApi } from "@tianguis/domain/routes/orders";
import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { api } from "../../lib/api/client";

/**
 * How many paid orders wait for the shop's confirmation (the badge on the admin menu's 'Pedidos'). Asked in the
 * browser once the page is idle, and again after every navigation or reload, so confirming an order clears it.
 */
export function useOrdersWaiting(slug: string | null): number {
  const [count, setCount] = useState(0);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!slug || !idle) return;
    const controller = new AbortController();
    api(ordersApi.waiting, { params: { slug }, signal: controller.signal }).then(
      (waiting) => setCount(waiting.count),
      () => undefined,
    );
    return () => controller.abort();
  }, [slug, idle]);
  return count;
}
