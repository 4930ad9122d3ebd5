import { Alert, Container, Skeleton, Stack } from "@mantine/core";
import { translate } from "@tianguis/domain/messages/index";
import { CoordinatorCard } from "../features/accounts/CoordinatorCard";
import { CreateShopCard } from "../features/accounts/CreateShopCard";
import { ProfileForm } from "../features/accounts/ProfileForm";
import { TourSettingSwitch } from "../features/accounts/TourSettingSwitch";
import { requireSignedIn } from "../lib/me.server";
import { useProfile } from "../features/accounts/useProfile";
import { useT } from "../lib/i18n";
import type { Route } from "./+types/preferencias";

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireSignedIn(context, request);
  return { title: translate(context.locale, "profile_title") };
}

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.title ?? ""} · Tianguis` },
  { name: "robots", content: "noindex" },
];

/**
 * /preferencias: the profile (fetched in the browser with retries), the coordinator offer for level two; with a store,
 * its admin bar's tour toggle, without one, store creation.
 */
export default function Preferences() {
  const t = useT();
  const { profile, setProfile, failed } = useProfile();
  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        {profile ? (
          <ProfileForm profile={profile} onSaved={setProfile} />
        ) : failed ? (
          <Alert color="red" role="alert">
            {t("unknown")}
          </Alert>
        ) : (
          <Stack gap="sm" role="status" aria-busy="true" aria-label={t("loading")}>
            <Skeleton height={64} circle />
            <Skeleton height={36} />
            <Skeleton height={36} />
            <Skeleton height={36} />
          </Stack>
        )}
        {profile && <CoordinatorCard profile={profile} onChanged={setProfile} />}
        {profile?.shop_slug && <TourSettingSwitch />}
        {profile && !profile.shop_slug && <CreateShopCard />}
      </Stack>
    </Container>
  );
}
