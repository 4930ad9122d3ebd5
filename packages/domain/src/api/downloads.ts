import { z } from "zod";
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT, digitalFileMaxBytes, digitalFileTypes } from "../rules/digital-delivery";
import { digitalFileState } from "../schemas/download";
import { endpoint } from "./endpoint";

const fileParams = z.object({ slug: z.string(), id: z.string().uuid() });

/** Digital delivery: the owner's file of a digital item, and the buyer's signed download link. */
export const downloadsApi = {
  file: endpoint({
    method: "GET",
    path: "/shops/:slug/products/:id/file",
    tags: ["downloads"],
    summary: "The file attached to a digital item (admin of the owner shop only; 403 otherwise)",
    params: fileParams,
    response: digitalFileState,
  }),
  upload: endpoint({
    method: "PUT",
    path: "/shops/:slug/products/:id/file",
    tags: ["downloads"],
    summary:
      `Attach or replace the file of a digital item (multipart 'file'; ${Object.keys(digitalFileTypes).join(", ")}; ` +
      `≤ ${digitalFileMaxBytes} bytes). Stored privately: it is only ever reached through a download link.`,
    params: fileParams,
    response: digitalFileState,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/shops/:slug/products/:id/file",
    tags: ["downloads"],
    summary: "Remove the file of a digital item; links already given stop working",
    params: fileParams,
    response: z.null(),
    status: 204,
  }),
  download: endpoint({
    method: "GET",
    path: "/downloads/:token",
    tags: ["downloads"],
    summary:
      "Streams a bought digital item's file as an attachment. The token is signed for one order item and expires " +
      `${DOWNLOAD_DAYS} days after payment; ${DOWNLOAD_LIMIT} downloads per item (410 download_expired / download_limit_reached).`,
    params: z.object({ token: z.string().max(200) }),
    response: z.string().describe("the file's bytes"),
  }),
};
