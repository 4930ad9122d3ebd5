import { accountsApi } from "@tianguis/domain/routes/accounts";
import type { ProfileView } from "@tianguis/domain/schemas/accounts";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";

const RETRIES = 3;
const RETRY_DELAY_MS = 3000;

/** The signed-in user's profile, fetched in the browser and retried up to 3 times every 3 s (storefront-and-admin §4, §9). */
export function useProfile() {
  const [profile, setProfile] = useState<ProfileView | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = (attempt: number) => {
      api(accountsApi.profile)
        .then((answer) => live && setProfile(answer))
        .catch(() => {
          if (!live) return;
          if (attempt < RETRIES) timer = setTimeout(() => load(attempt + 1), RETRY_DELAY_MS);
          else setFailed(true);
        });
    };
    load(0);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return { profile, setProfile, failed };
}
