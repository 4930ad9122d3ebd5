import type { ShopView } from "@tianguis/domain/schemas/shop";
import { socialLinks } from "@tianguis/domain/schemas/shop-settings";
import { useT } from "../../lib/i18n";
import { ShopFieldsForm } from "./ShopFieldsForm";

const fields = [
  { name: "facebook", label: "Facebook" },
  { name: "instagram", label: "Instagram" },
  { name: "twitter", label: "X / Twitter" },
  { name: "youtube", label: "YouTube" },
  { name: "twitch", label: "Twitch" },
  { name: "kick", label: "Kick" },
  { name: "discord", label: "Discord", placeholder: "https://discord.gg/…", inputMode: "url" },
] as const;

/** Social links: discord must be a URL. */
export function SocialLinksForm({ shop }: { shop: ShopView }) {
  const t = useT();
  return <ShopFieldsForm shop={shop} title={t("social_links")} fields={fields} schema={socialLinks} />;
}
