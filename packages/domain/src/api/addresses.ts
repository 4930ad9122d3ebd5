import { z } from "zod";
import { deliveryAddress, savedAddressView } from "../schemas/address";
import { listOf } from "../schemas/common";
import { endpoint } from "./endpoint";

const idParams = z.object({ id: z.string().uuid() });

/** The signed-in customer's address book (commerce-and-accounts §3 'Address fields'). */
export const addressesApi = {
  list: endpoint({
    method: "GET",
    path: "/me/addresses",
    tags: ["addresses"],
    summary: "The customer's saved addresses, most recently used first",
    response: listOf(savedAddressView),
  }),
  create: endpoint({
    method: "POST",
    path: "/me/addresses",
    tags: ["addresses"],
    summary: "Save an address (at most 20)",
    body: deliveryAddress,
    response: savedAddressView,
    status: 201,
  }),
  update: endpoint({
    method: "PUT",
    path: "/me/addresses/:id",
    tags: ["addresses"],
    summary: "Replace a saved address",
    params: idParams,
    body: deliveryAddress,
    response: savedAddressView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/me/addresses/:id",
    tags: ["addresses"],
    summary: "Remove a saved address",
    params: idParams,
    response: z.null(),
    status: 204,
  }),
};
