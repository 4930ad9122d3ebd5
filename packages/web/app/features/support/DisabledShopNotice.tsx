import type { ShopView } from "@tianguis/domain/schemas/shop";
import { renderedPart } from "../../lib/rendered-part";

const DisabledShopAlert = renderedPart("DisabledShopAlert", "disabled-shop", () =>
  import("./DisabledShopAlert").then((module) => module.DisabledShopAlert),
);

/** The disabled-shop warning (DisabledShopAlert.tsx), on a disabled shop's pages only: other shops' visitors never download it. */
export function DisabledShopNotice({ shop }: { shop: ShopView }) {
  return shop.disabled ? <DisabledShopAlert shop={shop} /> : null;
}
