/**
 * The coordinator programme (commerce-and-accounts §3 'Auth fields read: … coordinator_request, coordinator', §6 'Level two
 * sees a coordinator modal'; storefront-and-admin §6). An entrepreneur with a store (level 2) is offered to coordinate
 * other entrepreneurs and may ask for it once; a coordinator is level 3 (the profile's 'Coordinador').
 */

export const COORDINATOR_LEVEL = 3;

export interface CoordinatorFacts {
  user_level: number;
  coordinator: boolean;
  coordinator_request: boolean;
}

/** What the coordinator modal offers: to ask (level 2), that the request is under review, that the user coordinates; else nothing. */
export function coordinatorStatus(user: CoordinatorFacts): "offer" | "requested" | "coordinator" | null {
  if (user.coordinator || user.user_level >= COORDINATOR_LEVEL) return "coordinator";
  if (user.user_level !== 2) return null;
  return user.coordinator_request ? "requested" : "offer";
}

/** Only a level-two user who does not coordinate yet may ask (asking again changes nothing). */
export function mayRequestCoordinator(user: CoordinatorFacts): boolean {
  const status = coordinatorStatus(user);
  return status === "offer" || status === "requested";
}
