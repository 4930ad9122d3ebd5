import { useAdminShop } from "../../lib/access";
import { renderedPart } from "../../lib/rendered-part";

const SettingsGearLink = renderedPart("SettingsGearLink", "shop-admin", () =>
  import("./SettingsGearLink").then((module) => module.SettingsGearLink),
);

/** The settings gear beside the shop name (SettingsGearLink.tsx), for the shop's admins: no one else downloads it. */
export function SettingsGear() {
  return useAdminShop() ? <SettingsGearLink /> : null;
}
