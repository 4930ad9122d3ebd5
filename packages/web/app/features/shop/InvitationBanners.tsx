import { invitationsFor } from "@tianguis/domain/rules/supplier-invitation";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { Container, Stack, Text, spacing } from "../../ui/layout-markup";
import classes from "./InvitationBanners.module.css";

const copy = {
  supplier: { hint: "invitation_supplier_hint", action: "invitation_supplier_action" },
  affiliate: { hint: "invitation_affiliate_hint", action: "invitation_affiliate_action" },
} as const;

/**
 * The invitation banners on the shop's home (rules/supplier-invitation.ts decides who sees which): '¿Quieres ser
 * proveedor de {shop}?' (or the shop's own sentence) and the invitation to sell its products, each leading to its landing.
 */
export function InvitationBanners({ shop }: { shop: ShopView }) {
  const t = useT();
  const user = useUser();
  const invitations = invitationsFor(shop, user ? user.user_level : null);
  if (invitations.length === 0) return null;
  return (
    <Container size="xl" style={{ paddingTop: spacing("lg") }}>
      <section aria-label={t("invitations")} className={classes.grid}>
        {invitations.map((invitation) => (
          <div key={invitation.kind} className={classes.card}>
            <Stack gap={2} style={{ flex: "1 1 14rem" }}>
              <Text fw={700}>
                {invitation.kind === "supplier"
                  ? (invitation.text ?? t("invitation_supplier", { shop: shop.name }))
                  : t("invitation_affiliate", { shop: shop.name })}
              </Text>
              <Text size="sm" c="dimmed">
                {t(copy[invitation.kind].hint)}
              </Text>
            </Stack>
            <Link to={invitation.landing} className={classes.action}>
              {t(copy[invitation.kind].action)}
            </Link>
          </div>
        ))}
      </section>
    </Container>
  );
}
