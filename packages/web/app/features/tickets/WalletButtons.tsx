import { Button, Group } from "@mantine/core";
import { IconBrandApple, IconBrandGoogle } from "@tabler/icons-react";
import { ticketsApi } from "@tianguis/domain/routes/tickets";
import { api, urlOf } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useMutation } from "../../ui/useMutation";

/**
 * 'Agregar a Apple Wallet' and 'Guardar en Google Wallet' on a valid ticket (spec §7 GET customers/{id}/add_to_wallet/{x}):
 * only the signed-in buyer gets them (the API refuses anyone else), so a guest's page, opened with its purchase's token,
 * shows none. Apple's is the .pkpass itself; Google's link is signed on demand and opened in this tab.
 */
export function WalletButtons({ ticketId, token }: { ticketId: string; token: string | null }) {
  const t = useT();
  const user = useUser();
  const { run, busy } = useMutation();
  if (!user?.id || token) return null;
  const params = { id: user.id, ticketId };
  const saveToGoogle = () =>
    run(
      async () => {
        const links = await api(ticketsApi.walletLinks, { params });
        if (!links.google_save_url) throw new Error("wallet_not_configured");
        window.location.assign(links.google_save_url);
      },
      { revalidate: false, failure: "wallet_not_configured" },
    );
  return (
    <Group gap="xs">
      <Button
        component="a"
        href={urlOf(ticketsApi.applePass, { params })}
        download
        rel="nofollow"
        size="compact-sm"
        color="dark"
        leftSection={<IconBrandApple size={14} aria-hidden />}
      >
        {t("ticket_add_apple_wallet")}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        onClick={saveToGoogle}
        loading={busy}
        leftSection={<IconBrandGoogle size={14} aria-hidden />}
      >
        {t("ticket_save_google_wallet")}
      </Button>
    </Group>
  );
}
