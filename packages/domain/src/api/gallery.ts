import { z } from "zod";
import { galleryImageView } from "../schemas/merchandising";
import { endpoint } from "./endpoint";

/** The user's image gallery: uploads (multipart, so no JSON body schema) and deletions. */
export const galleryApi = {
  upload: endpoint({
    method: "POST",
    path: "/gallery",
    tags: ["gallery"],
    summary: "Upload an image (multipart image, name, get_main_colors default 5); returns its URL and main colours",
    response: galleryImageView,
  }),
  remove: endpoint({
    method: "DELETE",
    path: "/gallery/:id",
    tags: ["gallery"],
    summary: "Delete one of my images",
    params: z.object({ id: z.string().uuid() }),
    response: z.null(),
    status: 204,
  }),
};
