import { IconBuildingStore, IconMapPinQuestion, IconMoodSad } from "@tabler/icons-react";
import { useT } from "../lib/i18n";
import classes from "./ErrorPage.module.css";
import { Stack, Text, Title, rem } from "./layout-markup";
import { PlainButton } from "./PlainButton";

/** The spec's not-found screens: 'Tienda no encontrada' for shops, 'Página no encontrada!' for pages. */
export function ErrorPage({ kind, backTo = "/" }: { kind: "shop" | "page" | "error"; backTo?: string }) {
  const t = useT();
  const Icon = kind === "shop" ? IconBuildingStore : kind === "page" ? IconMapPinQuestion : IconMoodSad;
  const heading = kind === "shop" ? t("shop_not_found_title") : kind === "page" ? t("page_not_found_title") : t("error_title");
  return (
    <div className={classes.center}>
      <Stack align="center" gap="md" style={{ maxWidth: rem(480), textAlign: "center" }}>
        <Icon size={72} stroke={1.3} aria-hidden />
        <Title order={1}>{heading}</Title>
        <Text size="lg" style={{ color: "var(--mantine-color-dimmed)" }}>
          {kind === "shop" ? t("shop_not_found_text") : kind === "page" ? "" : t("unknown")}
        </Text>
        <PlainButton to={backTo} size="md">
          {t("page_not_found_back")}
        </PlainButton>
      </Stack>
    </div>
  );
}
