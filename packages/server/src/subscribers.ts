import { type Subscriber, registerSubscribers } from "./events/bus";
import { alertsSubscribers } from "./modules/alerts/subscribers";
import { commissionsSubscribers } from "./modules/commissions/subscribers";
import { contactsSubscribers } from "./modules/contacts/subscribers";
import { notificationsSubscribers } from "./modules/notifications/subscribers";
import { ordersSubscribers } from "./modules/orders/subscribers";
import { returnsSubscribers } from "./modules/returns/subscribers";
import { ticketsSubscribers } from "./modules/tickets/subscribers";
import { walletSubscribers } from "./modules/wallet/subscribers";
import { invoicesSubscribers } from "./modules/invoices/subscribers";
import { smsSubscribers } from "./modules/sms/subscribers";
import { reportsSubscribers } from "./modules/reports/subscribers";
import { subscriptionsSubscribers } from "./modules/subscriptions/subscribers";

/**
 * Every subscriber of the app, in one place (docs/ARCHITECTURE.md "Events"). For one event they run in this order: the
 * purchase's own records first (orders' timeline, tickets, commissions), then what tells people (alerts, notices), so a
 * paid e-mail finds the tickets it attaches.
 */
export const allSubscribers: Subscriber[] = [
  ...ordersSubscribers,
  ...ticketsSubscribers,
  ...commissionsSubscribers,
  ...walletSubscribers,
  ...subscriptionsSubscribers,
  ...smsSubscribers,
  ...returnsSubscribers,
  ...alertsSubscribers,
  ...notificationsSubscribers,
  ...contactsSubscribers,
  ...invoicesSubscribers,
  ...reportsSubscribers,
];

export function registerAllSubscribers() {
  registerSubscribers(allSubscribers);
}
