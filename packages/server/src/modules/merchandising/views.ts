import type { BannerView, HeaderBannerView, SlideView } from "@tianguis/domain/schemas/merchandising";
import type { banners, carouselSlides, headerBanners } from "../../db/schema/merchandising";

type Target = SlideView["target"];

export function toBannerView(row: typeof banners.$inferSelect): BannerView {
  return {
    id: row.id,
    image: row.image,
    image_id: row.imageId,
    mobile_image: row.mobileImage,
    mobile_image_id: row.mobileImageId,
    type: row.type as BannerView["type"],
    url: row.url,
    product: row.product,
    target: row.target as Target,
  };
}

export function toHeaderView(row: typeof headerBanners.$inferSelect): HeaderBannerView {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    target: row.target as Target,
    action_type: row.actionType as HeaderBannerView["action_type"],
    url: row.url,
    button_label: row.buttonLabel as HeaderBannerView["button_label"],
    product: row.product,
  };
}

export function toSlideView(row: typeof carouselSlides.$inferSelect): SlideView {
  return {
    id: row.id,
    hzt_image: row.hztImage,
    hzt_image_id: row.hztImageId,
    vrt_image: row.vrtImage,
    vrt_image_id: row.vrtImageId,
    type: row.type as SlideView["type"],
    product: row.product,
    supplier: row.supplier,
    url: row.url,
    url_target: row.urlTarget,
    action_type: row.actionType as SlideView["action_type"],
    target: row.target as Target,
    position: row.position,
  };
}
