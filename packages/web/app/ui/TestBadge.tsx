import { Badge, type BadgeProps } from "@mantine/core";
import { useT } from "../lib/i18n";

/** Marks a purchase or an order paid through the sandbox gateway: no money moved (issue #32). Seller and customer pages use it. */
export function TestBadge(props: Omit<BadgeProps, "color" | "children">) {
  const t = useT();
  return (
    // Orange darker than Mantine's orange.9, whose white text falls short of AA (4.29:1); this one gives 5.7:1.
    <Badge variant="filled" color="#b3400b" style={{ flexShrink: 0 }} data-testid="test-badge" {...props}>
      {t("order_test")}
    </Badge>
  );
}
