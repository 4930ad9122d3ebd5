import { type FulfilmentPath, type SupplierOrderState, sellerStateLabel } from "@tianguis/domain/rules/order-progress";
import { orderStateColor } from "@tianguis/domain/rules/order-state";
import { useT } from "../../lib/i18n";
import { Badge } from "../../ui/shop-markup";

/** An order's state as its seller reads it ('Enviado al proveedor', 'Por entregar' at a branch…), in the state's colour. */
export function SellerOrderStateBadge({ state, path, size }: { state: SupplierOrderState; path: FulfilmentPath; size?: "lg" }) {
  const t = useT();
  return (
    <Badge variant="light" color={orderStateColor(state)} size={size} style={{ flexShrink: 0 }}>
      {t(sellerStateLabel(state, path))}
    </Badge>
  );
}
