import { Badge, type BadgeProps } from "@mantine/core";
import { type FulfilmentPath, type SupplierOrderState, sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import { orderStateColor } from "@tianguis/domain/rules/order-state";
import { useT } from "../../lib/i18n";

/** An order's state as its seller reads it ('Enviado al proveedor', 'Por entregar' at a branch…), in the state's colour. */
export function SellerOrderStateBadge({
  state,
  path,
  ...props
}: { state: SupplierOrderState; path: FulfilmentPath } & Omit<BadgeProps, "color" | "children">) {
  const t = useT();
  return (
    <Badge variant="light" color={orderStateColor(state)} style={{ flexShrink: 0 }} {...props}>
      {t(sellerStateLabel(state, path))}
    </Badge>
  );
}
