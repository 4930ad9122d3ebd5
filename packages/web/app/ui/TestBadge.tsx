import { Badge, type BadgeProps } from "@mantine/core";
import { useT } from "../lib/i18n";

/** Marks a purchase or an order paid through the sandbox gateway: no money moved (issue #32). Seller and customer pages use it. */
export function TestBadge(props: Omit<BadgeProps, "color" | "children">) {
  const t = useT();
  return (
    <Badge variant="filled" color="orange.9" style={{ flexShrink: 0 }} data-testid="test-badge" {...props}>
      {t("order_test")}
    </Badge>
  );
}
