// Written by `npm run routes -w @tianguis/domain` from src/api/tickets.ts: change the contract there, then run it again.
import type { ticketsApi as ticketsApiContract } from "../api/tickets";
import { routes } from "../api/endpoint";

/** The methods and paths of src/api/tickets.ts, for the browser; the schemas stay with the contract (server, OpenAPI). */
export const ticketsApi = routes<typeof ticketsApiContract>({
  orderAttendants: { method: "GET", path: "/orders/:id/attendants" },
  orderPdf: { method: "GET", path: "/orders/:id/attendants/pdf" },
  orderZip: { method: "GET", path: "/orders/:id/attendants/zip" },
  get: { method: "GET", path: "/attendants/:id" },
  pdf: { method: "GET", path: "/attendants/:id.pdf" },
  rename: { method: "PUT", path: "/attendants/:id" },
  walletLinks: { method: "GET", path: "/customers/:id/add_to_wallet/:ticketId" },
  applePass: { method: "GET", path: "/customers/:id/add_to_wallet/:ticketId.pkpass" },
  shopList: { method: "GET", path: "/shops/:slug/tickets" },
  issue: { method: "POST", path: "/shops/:slug/experiences/:productId/tickets" },
  shopPdf: { method: "GET", path: "/shops/:slug/tickets/:id/pdf" },
  checkIn: { method: "POST", path: "/shops/:slug/tickets/check-in" },
});
