import { accountsApi } from "@tianguis/domain/routes/accounts";
import { signupDestination } from "@tianguis/domain/rules/packages";
import { SETUP_WAIT_MS } from "@tianguis/domain/rules/registration";
import type { AuthResponse, SignupType } from "@tianguis/domain/schemas/accounts";
import type { SignupIntent } from "@tianguis/domain/schemas/package";
import type { MeView } from "@tianguis/domain/schemas/user";
import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { api } from "../../lib/api/client";
import { clearNeedsAppsLater, setNeedsApps } from "../../lib/needs-apps";
import { trackRegistration } from "./registration-pixel";

/** POST /activate/pin/: the PIN (or none when it can be skipped) for the sign-up's code. */
export function activatePin(code: string, type: SignupType, pin?: string): Promise<AuthResponse> {
  return api(accountsApi.activate, { body: { code, type, ...(pin ? { pin } : {}) } });
}

/**
 * After activation: while a new store or the plan's membership is set up the waiting message shows for 3 s (§4, §9),
 * then the page data reloads with the new session. With a plan the user lands on /asistentes/emprendedores, with a
 * package code back on that package, otherwise on /register/complete/. While the plan is set up the registration-needs-apps
 * flag is on (lib/needs-apps.ts); it clears 3 s after the user has landed.
 */
export function useEnterAccount() {
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [settingUp, setSettingUp] = useState(false);
  async function enter(user: MeView, intent: SignupIntent = {}) {
    setSettingUp(true);
    const destination = signupDestination(intent);
    if (destination.settingUp) setNeedsApps();
    if (user.shop_slug || destination.settingUp) await new Promise((resolve) => setTimeout(resolve, SETUP_WAIT_MS));
    if (destination.kind !== "complete") {
      trackRegistration(intent, true);
      await revalidator.revalidate();
      await navigate(destination.path, { replace: true });
      if (destination.settingUp) clearNeedsAppsLater();
      return;
    }
    // /register/complete/ reports the completed sign-up to the pixel itself, so an outside sign-up that lands there does too.
    const query = new URLSearchParams({
      username: user.username,
      ...(user.shop_slug ? { page: `/tienda/${user.shop_slug}` } : {}),
      ...(intent.pixel ? { pixel: intent.pixel } : {}),
    });
    await revalidator.revalidate();
    await navigate(`/register/complete/?${query}`, { replace: true });
  }
  return { settingUp, enter };
}
