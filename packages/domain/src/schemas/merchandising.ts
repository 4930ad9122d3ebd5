import { z } from "zod";
import { audienceTargets } from "../rules/audience";
import { buttonLabels, headerActionTypes } from "./shop";

export const slideTypes = ["PRODUCT", "URL"] as const;
export const slideActionTypes = ["none", "product", "url", "signup"] as const;

/** Web-address pattern of the carousel form: http(s) URL, bare domain, or a path on this site. */
export const webAddressPattern = /^((https?:\/\/)?([\w-]+\.)+[a-z]{2,}(:\d+)?(\/[^\s]*)?|\/[^\s]*)$/i;

const optionalText = (max: number, code: string) => z.string().trim().max(max, { message: code }).nullable().optional();
const requiredImage = z
  .string()
  .trim()
  .min(1, { message: "image_required" })
  .regex(/^(https?:\/\/[^\s]+|\/[^\s]*)$/, { message: "invalid_url" });

export const slideInput = z
  .object({
    hzt_image: requiredImage,
    hzt_image_id: z.string().uuid().nullable().optional(),
    vrt_image: requiredImage,
    vrt_image_id: z.string().uuid().nullable().optional(),
    type: z.enum(slideTypes).default("URL"),
    product: z.string().uuid({ message: "invalid_product" }).nullable().optional(),
    supplier: z.string().nullable().optional(),
    url: z.string().trim().nullable().optional(),
    url_target: z.boolean().default(false),
    action_type: z.enum(slideActionTypes).default("none"),
    target: z.enum(audienceTargets).default("all"),
  })
  .superRefine((value, issues) => {
    if (value.url && !webAddressPattern.test(value.url))
      issues.addIssue({ code: "custom", path: ["url"], message: "CarrouselShopInvalidLink" });
    if (value.url_target && !value.url) issues.addIssue({ code: "custom", path: ["url_target"], message: "url_target_needs_url" });
    if (value.type === "PRODUCT" && !value.product) issues.addIssue({ code: "custom", path: ["product"], message: "required" });
  });
export type SlideInput = z.infer<typeof slideInput>;

export const slideView = z.object({
  id: z.string(),
  hzt_image: z.string(),
  hzt_image_id: z.string().nullable(),
  vrt_image: z.string(),
  vrt_image_id: z.string().nullable(),
  type: z.enum(slideTypes),
  product: z.string().nullable(),
  supplier: z.string().nullable(),
  url: z.string().nullable(),
  url_target: z.boolean(),
  action_type: z.enum(slideActionTypes),
  target: z.enum(audienceTargets),
  position: z.number().int(),
});
export type SlideView = z.infer<typeof slideView>;

/** Header form: title required ≤ 30, subtitle ≤ 40, description ≤ 130; url when the action is url; a label for any action. */
export const headerBannerInput = z
  .object({
    title: z.string().trim().min(1, { message: "required" }).max(30, { message: "max_30" }),
    subtitle: optionalText(40, "max_40"),
    description: optionalText(130, "max_130"),
    target: z.enum(audienceTargets).default("all"),
    action_type: z.enum(headerActionTypes).default("none"),
    url: z.string().trim().nullable().optional(),
    button_label: z.enum(buttonLabels).nullable().optional(),
    product: z.string().uuid({ message: "invalid_product" }).nullable().optional(),
  })
  .superRefine((value, issues) => {
    if (value.action_type === "url" && !value.url) issues.addIssue({ code: "custom", path: ["url"], message: "required" });
    if (value.action_type === "url" && value.url && !webAddressPattern.test(value.url))
      issues.addIssue({ code: "custom", path: ["url"], message: "invalid_url" });
    if (value.action_type !== "none" && !value.button_label)
      issues.addIssue({ code: "custom", path: ["button_label"], message: "required" });
    if (value.action_type === "product" && !value.product) issues.addIssue({ code: "custom", path: ["product"], message: "required" });
  });
export type HeaderBannerInput = z.infer<typeof headerBannerInput>;

export const headerBannerView = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable(),
  description: z.string().nullable(),
  target: z.enum(audienceTargets),
  action_type: z.enum(headerActionTypes),
  url: z.string().nullable(),
  button_label: z.enum(buttonLabels).nullable(),
  product: z.string().nullable(),
});
export type HeaderBannerView = z.infer<typeof headerBannerView>;

/** Banners are 1400x450 (widths 350 to 2500); a desktop and a mobile image, each a gallery image. */
export const bannerSize = { width: 1400, height: 450 } as const;
export const bannerTypes = ["URL", "PRODUCT"] as const;
export const bannerInput = z
  .object({
    image: requiredImage,
    image_id: z.string().uuid().nullable().optional(),
    mobile_image: requiredImage,
    mobile_image_id: z.string().uuid().nullable().optional(),
    type: z.enum(bannerTypes).default("URL"),
    url: z.string().trim().nullable().optional(),
    product: z.string().uuid({ message: "invalid_product" }).nullable().optional(),
    target: z.enum(audienceTargets).default("all"),
  })
  .superRefine((value, issues) => {
    if (value.url && !webAddressPattern.test(value.url)) issues.addIssue({ code: "custom", path: ["url"], message: "invalid_url" });
    if (value.type === "PRODUCT" && !value.product) issues.addIssue({ code: "custom", path: ["product"], message: "required" });
  });
export type BannerInput = z.infer<typeof bannerInput>;

export const bannerView = z.object({
  id: z.string(),
  image: z.string(),
  image_id: z.string().nullable(),
  mobile_image: z.string(),
  mobile_image_id: z.string().nullable(),
  type: z.enum(bannerTypes),
  url: z.string().nullable(),
  product: z.string().nullable(),
  target: z.enum(audienceTargets),
});
export type BannerView = z.infer<typeof bannerView>;

export const galleryImageView = z.object({ id: z.string(), name: z.string(), url: z.string(), main_colors: z.array(z.string()) });
export type GalleryImageView = z.infer<typeof galleryImageView>;

/** A page of slides, header banners or banners. */
export const merchandisingPageQuery = z.object({
  offset: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
