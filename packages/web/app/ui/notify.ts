import { notifications } from "@mantine/notifications";
import { ApiRequestError } from "../lib/api/client";

/** Success toast ('Exito' title) for 5 s. */
export function notifySuccess(title: string, message: string) {
  notifications.show({ color: "teal", title, message, autoClose: 5000 });
}

/** Error toast: the API's translated message when there is one, else `fallback`; 7 s. */
export function notifyError(title: string, error: unknown, fallback: string) {
  const message = error instanceof ApiRequestError && error.body?.message ? error.body.message : fallback;
  notifications.show({ color: "red", title, message, autoClose: 7000 });
}

/** A rejected image where the form has no room for the text: 'Imagen rechazada' and why, 15 s (storefront-and-admin §2, §9). */
export function notifyRejectedImage(title: string, message: string) {
  notifications.show({ color: "red", title, message, autoClose: 15_000 });
}

/** Warning toast (2.5 s by default); an empty title shows the message alone. */
export function notifyWarning(title: string, message: string, autoClose = 2500) {
  notifications.show({ color: "yellow", title, message, autoClose });
}
