import { useEffect, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";

/**
 * A count for an admin menu badge, asked in the browser once the page is idle and again after every navigation or
 * reload, so acting on what it counts clears it. Pass a module-level `ask`: a new function each render asks again.
 */
export function useIdleCount(slug: string | null, ask: (slug: string, signal: AbortSignal) => Promise<{ count: number }>): number {
  const [count, setCount] = useState(0);
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const idle = navigation.state === "idle" && revalidator.state === "idle";
  useEffect(() => {
    if (!slug || !idle) return;
    const controller = new AbortController();
    ask(slug, controller.signal).then(
      (answer) => setCount(answer.count),
      () => undefined,
    );
    return () => controller.abort();
  }, [slug, idle, ask]);
  return count;
}
