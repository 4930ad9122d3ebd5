import { z } from "zod";
import { cleanEmailInput } from "../rules/registration";
import { cleanPageText, contactMessageMax, shopPageBodyMax, shopPageKeys, shopPageTitleMax } from "../rules/shop-pages";

/** A shop's info page (acerca, privacidad, terms, copyright): the owner's text, or the default when `is_default`. */
export const shopPageView = z.object({
  page: z.enum(shopPageKeys),
  title: z.string(),
  body: z.string(),
  is_default: z.boolean(),
  updated_at: z.string().nullable(),
});
export type ShopPageView = z.infer<typeof shopPageView>;

/** The owner's edit: a title and plain text (paragraphs, line breaks, links written as addresses). */
export const shopPageBody = z.object({
  title: z
    .string()
    .transform(cleanPageText)
    .pipe(z.string().min(1, { message: "required" }).max(shopPageTitleMax, { message: "shop_page_title_too_long" })),
  body: z
    .string()
    .max(shopPageBodyMax * 2, { message: "shop_page_body_too_long" })
    .transform(cleanPageText)
    .pipe(z.string().min(1, { message: "required" }).max(shopPageBodyMax, { message: "shop_page_body_too_long" })),
});
export type ShopPageBody = z.input<typeof shopPageBody>;

/**
 * The contacto form. `website` is a honeypot: hidden from people, filled by bots; a message that fills it is accepted
 * without being delivered.
 */
export const contactMessageBody = z.object({
  name: z.string().trim().min(1, { message: "required" }).max(150, { message: "contact_name_too_long" }),
  email: z
    .string()
    .transform(cleanEmailInput)
    .pipe(z.string().min(1, { message: "required" }).email({ message: "invalid_email" }).max(200, { message: "invalid_email" })),
  phone: z
    .string()
    .trim()
    .max(20, { message: "invalid_number" })
    .regex(/^[+\d\s()-]*$/, { message: "invalid_number" })
    .optional(),
  message: z.string().trim().min(1, { message: "required" }).max(contactMessageMax, { message: "contact_message_too_long" }),
  website: z.string().max(500).optional(),
});
export type ContactMessageBody = z.input<typeof contactMessageBody>;

export const contactMessageSent = z.object({ sent: z.literal(true) });
