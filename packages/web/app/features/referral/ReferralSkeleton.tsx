import { Skeleton, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { useT } from "../../lib/i18n";

/** While the app navigates to `pathPrefix` (a tab, a filter, a page), skeleton rows stand in for what is about to change. */
export function LoadingRows({ pathPrefix, children }: { pathPrefix: string; children: ReactNode }) {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && Boolean(navigation.location?.pathname.startsWith(pathPrefix));
  if (!loading) return <>{children}</>;
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t("loading")}>
      <Skeleton height={28} width="40%" />
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={`row-${index}`} height={72} radius="md" />
      ))}
    </Stack>
  );
}
