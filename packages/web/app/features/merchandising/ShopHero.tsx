import { useDisclosure, useMounted } from "@mantine/hooks";
import { showsSignupAction } from "@tianguis/domain/rules/audience";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { BannerView, HeaderBannerView } from "@tianguis/domain/schemas/merchandising";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { Suspense, lazy } from "react";
import "./slider.css";
import { useT } from "../../lib/i18n";
import { useAdminShop } from "../../lib/access";
import { intentToOpen } from "../../lib/lazy-part";
import { useUser } from "../../lib/user";
import { SignupModal } from "../accounts/SignupModal";
import { PlainButton } from "../../ui/PlainButton";
import classes from "./hero.module.css";
import type { Merchandising } from "./merchandising.server";
import { ShopSlider } from "./ShopSlider";

// Only a shop's admins get the editors: visitors never download them (issue 16).
const MerchandisingTools = lazy(() => import("./MerchandisingTools").then((module) => ({ default: module.MerchandisingTools })));

/** The header's sign-up action opens the storefront's registration modal, as the top bar's 'Regístrate' does. */
function SignupAction({ label }: { label: string }) {
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <PlainButton onClick={modal.open} {...intentToOpen(SignupModal)}>
        {label}
      </PlainButton>
      <SignupModal opened={opened} onClose={modal.close} />
    </>
  );
}

function HeaderAction({ header, shop, basePath }: { header: HeaderBannerView; shop: ShopView; basePath: string }) {
  const t = useT();
  const user = useUser();
  if (header.action_type === "none" || !header.button_label) return null;
  const label = t(`label_${header.button_label}`);
  if (header.action_type === "signup") return showsSignupAction(user?.user_level) ? <SignupAction label={label} /> : null;
  if (header.action_type === "product" && header.product)
    return <PlainButton to={shopHref(basePath, `/productos/${shop.slug}/${header.product}`)}>{label}</PlainButton>;
  if (header.url) return <PlainButton href={header.url}>{label}</PlainButton>;
  return null;
}

function HeaderText({ header, shop, basePath }: { header: HeaderBannerView; shop: ShopView; basePath: string }) {
  return (
    <div className={classes.header}>
      <h2 className={classes.headerTitle}>{header.title}</h2>
      {header.subtitle && <p className={classes.subtitle}>{header.subtitle}</p>}
      {header.description && <p className={classes.description}>{header.description}</p>}
      <div className={classes.action}>
        <HeaderAction header={header} shop={shop} basePath={basePath} />
      </div>
    </div>
  );
}

function bannerHref(banner: BannerView, shop: ShopView, basePath: string): string | null {
  if (banner.type === "PRODUCT" && banner.product) return shopHref(basePath, `/productos/${shop.slug}/${banner.product}`);
  return banner.url;
}

export function ShopBanners({ banners, shop, basePath }: { banners: BannerView[]; shop: ShopView; basePath: string }) {
  const t = useT();
  if (banners.length === 0) return null;
  return (
    <div className={classes.rows}>
      {banners.map((banner) => {
        const picture = (
          <picture className="tianguis-banner">
            <source media="(max-width: 767px)" srcSet={banner.mobile_image} />
            <img
              src={banner.image}
              alt={t("banner_alt", { shop: shop.name })}
              width={1400}
              height={450}
              style={{ width: "100%", height: "auto", display: "block", borderRadius: 12, objectFit: "cover" }}
            />
          </picture>
        );
        const href = bannerHref(banner, shop, basePath);
        return href ? (
          <a key={banner.id} href={href} className={`mantine-focus-auto ${classes.banner}`}>
            {picture}
          </a>
        ) : (
          <div key={banner.id}>{picture}</div>
        );
      })}
    </div>
  );
}

/** Storefront top: header banner and slider in 1 or 2 columns (store_theme_info.columns), then banners; admins get the editors. */
export function ShopHero({ shop, basePath, merchandising }: { shop: ShopView; basePath: string; merchandising: Merchandising }) {
  const { slides, headers, banners } = merchandising;
  const header = headers[0];
  const twoColumns = shop.store_theme_info.columns === 2;
  const admin = useAdminShop();
  // Rendered after hydration: a server-rendered lazy part stays inert until its chunk arrives, and would drop early clicks.
  const mounted = useMounted();
  const slider = (
    <ShopSlider
      slides={slides}
      basePath={basePath}
      shopSlug={shop.slug}
      aspect={twoColumns ? { desktop: "1100 / 800", mobile: "1000 / 450" } : { desktop: "2000 / 600", mobile: "1000 / 450" }}
    />
  );
  return (
    <div className={classes.hero}>
      {admin && mounted && (
        <Suspense fallback={null}>
          <MerchandisingTools />
        </Suspense>
      )}
      {(header || slides.length > 0) &&
        (twoColumns ? (
          <div className={classes.columns} data-two={(header && slides.length > 0) || undefined}>
            {header && <HeaderText header={header} shop={shop} basePath={basePath} />}
            {slider}
          </div>
        ) : (
          <div className={classes.rows}>
            {slider}
            {header && <HeaderText header={header} shop={shop} basePath={basePath} />}
          </div>
        ))}
      <ShopBanners banners={banners} shop={shop} basePath={basePath} />
    </div>
  );
}
