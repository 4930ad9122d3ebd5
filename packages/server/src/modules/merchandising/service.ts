import { type Audience, audienceOf, targetsFor } from "@tianguis/domain/rules/audience";
import type { BannerInput, HeaderBannerInput, SlideInput } from "@tianguis/domain/schemas/merchandising";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import { banners, carouselSlides, headerBanners } from "../../db/schema/merchandising";
import { AppError } from "../../http/errors";
import type { SessionUser } from "../../http/sessions";
import { checkImageIds, deleteGalleryImages } from "../gallery/service";
import { requireShopAdmin, requireShopBySlug } from "../shops/service";
import { toBannerView, toHeaderView, toSlideView } from "./views";

export interface Page {
  offset: number;
  limit: number;
}

/** The audience filter of public lists; `all` (no filter) for the shop's admin management lists. */
async function scope(
  ctx: AppContext,
  slug: string,
  user: SessionUser | null,
  manage: boolean,
): Promise<{ shopId: string; audience: Audience | null }> {
  if (manage) return { shopId: (await requireShopAdmin(ctx, { slug }, user)).shop.id, audience: null };
  return { shopId: (await requireShopBySlug(ctx.db, slug)).id, audience: audienceOf(user ? user.userLevel : null) };
}

const notFound = () => new AppError("not_found_record", { status: 404 });

// Banners

export async function listBanners(ctx: AppContext, slug: string, user: SessionUser | null, manage: boolean, page: Page) {
  const { shopId, audience } = await scope(ctx, slug, user, manage);
  const where = and(eq(banners.shopId, shopId), audience ? inArray(banners.target, targetsFor(audience)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(banners)
      .where(where)
      .orderBy(asc(banners.position), desc(banners.createdAt))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(banners)
      .where(where),
  ]);
  return { results: rows.map(toBannerView), matches_estimated: Number(total) };
}

const bannerValues = (input: BannerInput) => ({
  image: input.image,
  imageId: input.image_id ?? null,
  mobileImage: input.mobile_image,
  mobileImageId: input.mobile_image_id ?? null,
  type: input.type,
  url: input.url || null,
  product: input.product ?? null,
  target: input.target,
});

export async function createBanner(ctx: AppContext, slug: string, user: SessionUser | null, input: BannerInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await checkImageIds(ctx, user?.id ?? "", { image_id: input.image_id, mobile_image_id: input.mobile_image_id });
  const [row] = await ctx.db
    .insert(banners)
    .values({ shopId: shop.id, ...bannerValues(input), createdAt: ctx.clock.now() })
    .returning();
  return toBannerView(row);
}

export async function updateBanner(ctx: AppContext, slug: string, user: SessionUser | null, id: string, input: BannerInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [before] = await ctx.db
    .select()
    .from(banners)
    .where(and(eq(banners.id, id), eq(banners.shopId, shop.id)))
    .limit(1);
  if (!before) throw notFound();
  await checkImageIds(ctx, user?.id ?? "", { image_id: input.image_id, mobile_image_id: input.mobile_image_id }, [
    before.imageId,
    before.mobileImageId,
  ]);
  const [row] = await ctx.db.update(banners).set(bannerValues(input)).where(eq(banners.id, id)).returning();
  const replaced = [before.imageId, before.mobileImageId].filter((old) => old && old !== row.imageId && old !== row.mobileImageId);
  await deleteGalleryImages(ctx, replaced);
  return toBannerView(row);
}

/** Deleting a banner also deletes its two gallery images (desktop and mobile). */
export async function deleteBanner(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .delete(banners)
    .where(and(eq(banners.id, id), eq(banners.shopId, shop.id)))
    .returning();
  if (!row) throw notFound();
  await deleteGalleryImages(ctx, [row.imageId, row.mobileImageId]);
}

// Header banners

export async function listHeaders(ctx: AppContext, slug: string, user: SessionUser | null, manage: boolean, page: Page) {
  const { shopId, audience } = await scope(ctx, slug, user, manage);
  const where = and(eq(headerBanners.shopId, shopId), audience ? inArray(headerBanners.target, targetsFor(audience)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(headerBanners)
      .where(where)
      .orderBy(desc(headerBanners.createdAt), asc(headerBanners.id))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(headerBanners)
      .where(where),
  ]);
  return { results: rows.map(toHeaderView), matches_estimated: Number(total) };
}

const headerValues = (input: HeaderBannerInput) => {
  const hasAction = input.action_type !== "none";
  return {
    title: input.title,
    subtitle: input.subtitle || null,
    description: input.description || null,
    target: input.target,
    actionType: input.action_type,
    url: input.action_type === "url" ? (input.url ?? null) : null,
    buttonLabel: hasAction ? (input.button_label ?? null) : null,
    product: input.action_type === "product" ? (input.product ?? null) : null,
  };
};

export async function createHeader(ctx: AppContext, slug: string, user: SessionUser | null, input: HeaderBannerInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .insert(headerBanners)
    .values({ shopId: shop.id, ...headerValues(input), createdAt: ctx.clock.now() })
    .returning();
  return toHeaderView(row);
}

export async function updateHeader(ctx: AppContext, slug: string, user: SessionUser | null, id: string, input: HeaderBannerInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .update(headerBanners)
    .set(headerValues(input))
    .where(and(eq(headerBanners.id, id), eq(headerBanners.shopId, shop.id)))
    .returning();
  if (!row) throw notFound();
  return toHeaderView(row);
}

export async function deleteHeader(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .delete(headerBanners)
    .where(and(eq(headerBanners.id, id), eq(headerBanners.shopId, shop.id)))
    .returning();
  if (!row) throw notFound();
}

// Carousel slides

export async function listSlides(ctx: AppContext, slug: string, user: SessionUser | null, manage: boolean, page: Page) {
  const { shopId, audience } = await scope(ctx, slug, user, manage);
  const where = and(eq(carouselSlides.shopId, shopId), audience ? inArray(carouselSlides.target, targetsFor(audience)) : undefined);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(carouselSlides)
      .where(where)
      .orderBy(asc(carouselSlides.position), asc(carouselSlides.createdAt))
      .offset(page.offset)
      .limit(page.limit),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(carouselSlides)
      .where(where),
  ]);
  return { results: rows.map(toSlideView), matches_estimated: Number(total) };
}

const slideValues = (input: SlideInput) => ({
  hztImage: input.hzt_image,
  hztImageId: input.hzt_image_id ?? null,
  vrtImage: input.vrt_image,
  vrtImageId: input.vrt_image_id ?? null,
  type: input.type,
  product: input.type === "PRODUCT" ? (input.product ?? null) : null,
  supplier: input.supplier ?? null,
  url: input.url || null,
  urlTarget: !!input.url && input.url_target,
  actionType: input.action_type,
  target: input.target,
});

export async function createSlide(ctx: AppContext, slug: string, user: SessionUser | null, input: SlideInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  await checkImageIds(ctx, user?.id ?? "", { hzt_image_id: input.hzt_image_id, vrt_image_id: input.vrt_image_id });
  const [{ next }] = await ctx.db
    .select({ next: sql<number>`coalesce(max(${carouselSlides.position}) + 1, 0)::int` })
    .from(carouselSlides)
    .where(eq(carouselSlides.shopId, shop.id));
  const [row] = await ctx.db
    .insert(carouselSlides)
    .values({ shopId: shop.id, ...slideValues(input), position: Number(next), createdAt: ctx.clock.now() })
    .returning();
  return toSlideView(row);
}

export async function updateSlide(ctx: AppContext, slug: string, user: SessionUser | null, id: string, input: SlideInput) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [before] = await ctx.db
    .select()
    .from(carouselSlides)
    .where(and(eq(carouselSlides.id, id), eq(carouselSlides.shopId, shop.id)))
    .limit(1);
  if (!before) throw notFound();
  await checkImageIds(ctx, user?.id ?? "", { hzt_image_id: input.hzt_image_id, vrt_image_id: input.vrt_image_id }, [
    before.hztImageId,
    before.vrtImageId,
  ]);
  const [row] = await ctx.db.update(carouselSlides).set(slideValues(input)).where(eq(carouselSlides.id, id)).returning();
  const replaced = [before.hztImageId, before.vrtImageId].filter((old) => old && old !== row.hztImageId && old !== row.vrtImageId);
  await deleteGalleryImages(ctx, replaced);
  return toSlideView(row);
}

export async function deleteSlide(ctx: AppContext, slug: string, user: SessionUser | null, id: string) {
  const { shop } = await requireShopAdmin(ctx, { slug }, user);
  const [row] = await ctx.db
    .delete(carouselSlides)
    .where(and(eq(carouselSlides.id, id), eq(carouselSlides.shopId, shop.id)))
    .returning();
  if (!row) throw notFound();
  await deleteGalleryImages(ctx, [row.hztImageId, row.vrtImageId]);
}
