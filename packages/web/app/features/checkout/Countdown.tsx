import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";

const format = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

/** Time left to complete the purchase; calls onExpire once it reaches zero. */
export function Countdown({ seconds, onExpire }: { seconds: number; onExpire: () => void }) {
  const t = useT();
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => {
      const next = Math.max(0, Math.round((deadline - Date.now()) / 1000));
      setLeft(next);
      if (next === 0) {
        clearInterval(timer);
        onExpire();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [deadline, onExpire]);
  return (
    <Text size="sm" c={left < 120 ? "red" : "dimmed"} role="timer" aria-live="off" data-testid="countdown">
      {t("time_left", { time: format(left) })}
    </Text>
  );
}
