import type { MessageCode } from "../messages/index";
import { ordersPath } from "./admin-modules";

/**
 * The admin bar's guided tour (commerce-and-accounts §2 'the tour toggle ("always show this tutorial") sends its new state
 * (show_tour) to the server'; storefront-and-admin §7 'Tour setting'). A shop's owner meets it on the first visit to
 * their shop; it shows again only while the owner keeps 'always show this tutorial' on.
 */

export type TourStepId = "share" | "products" | "orders" | "settings";

export interface TourStep {
  id: TourStepId;
  /** The admin bar entry the step points at; the share button has none. */
  path: string | null;
  title: MessageCode;
  body: MessageCode;
}

const steps: readonly TourStep[] = [
  { id: "share", path: null, title: "tour_share_title", body: "tour_share_body" },
  { id: "products", path: "/apps/me/products", title: "tour_products_title", body: "tour_products_body" },
  { id: "orders", path: ordersPath, title: "tour_orders_title", body: "tour_orders_body" },
  { id: "settings", path: "/admin/configuracion", title: "tour_settings_title", body: "tour_settings_body" },
];

/** The steps for the entries the bar shows, in the bar's order: a step never points at an entry that is not there. */
export function tourSteps(barPaths: readonly string[]): TourStep[] {
  return steps.filter((step) => step.path === null || barPaths.includes(step.path));
}

/** The tour is the owner's (collaborators use the bar the owner set up) and shows while their setting says so. */
export function showsTour(input: { isOwner: boolean; showTour: boolean | null }): boolean {
  return input.isOwner && input.showTour === true;
}
