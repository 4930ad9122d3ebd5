import { completeRegistrationParams } from "@tianguis/domain/rules/shop-integrations";
import type { SignupIntent } from "@tianguis/domain/schemas/package";
import { trackPixel } from "../../lib/shop-integrations";

/** The shop pixel's CompleteRegistration event of a sign-up: status false when it failed, true once complete. */
export function trackRegistration(intent: Pick<SignupIntent, "pixel">, succeeded: boolean): void {
  if (intent.pixel) trackPixel(intent.pixel, "CompleteRegistration", completeRegistrationParams(succeeded));
}
