import { z } from "zod";

/** The file attached to a digital item, as its owner sees it in My products (never its storage location). */
export const digitalFileView = z.object({
  file_name: z.string(),
  size: z.number().int(),
  content_type: z.string(),
  uploaded_at: z.string(),
});
export type DigitalFileView = z.infer<typeof digitalFileView>;

/** GET/PUT …/file: the item's current file, or null when none is attached. */
export const digitalFileState = z.object({ file: digitalFileView.nullable() });
export type DigitalFileState = z.infer<typeof digitalFileState>;
