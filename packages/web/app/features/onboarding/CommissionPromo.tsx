import { useMounted } from "@mantine/hooks";
import { showsCommissionPromo } from "@tianguis/domain/rules/packages";
import { lazyPart } from "../../lib/lazy-part";
import { useUser } from "../../lib/user";

const CommissionPromoButton = lazyPart(() => import("./CommissionPromoButton").then((module) => module.CommissionPromoButton));

/**
 * The floating '¡Gana comisiones!' button (CommissionPromoButton.tsx), for level-one users only: no one else downloads
 * it. It floats over the page's corner, so it shows once the page is live and its code has arrived, moving nothing,
 * and the page does not wait for it.
 */
export function CommissionPromo() {
  const user = useUser();
  const mounted = useMounted();
  return mounted && showsCommissionPromo(user?.user_level) ? <CommissionPromoButton /> : null;
}
