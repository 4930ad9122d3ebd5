import type { CSSProperties } from "react";
import { useT } from "../lib/i18n";
import { Badge } from "./shop-markup";

/** Marks a purchase or an order paid through the sandbox gateway: no money moved (issue #32). Seller and customer pages use it. */
export function TestBadge({ size, style }: { size?: "sm" | "lg"; style?: CSSProperties }) {
  const t = useT();
  return (
    // Orange darker than Mantine's orange.9, whose white text falls short of AA (4.29:1); this one gives 5.7:1.
    <Badge color="#b3400b" size={size} style={{ flexShrink: 0, ...style }} data-testid="test-badge">
      {t("order_test")}
    </Badge>
  );
}
