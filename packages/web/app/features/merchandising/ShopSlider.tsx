import "./slider.css";
import { useReducedMotion } from "@mantine/hooks";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import type { SlideView } from "@tianguis/domain/schemas/merchandising";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { rem } from "../../ui/layout-markup";
import { unstyledButton } from "../../ui/PlainButton";

/** Shop carousel (spec §9): fade, infinite, 4000 ms transition, a new slide every 7000 ms. */
export const sliderTiming = { transitionMs: 4000, intervalMs: 7000 } as const;

function slideHref(slide: SlideView, basePath: string, shopSlug: string): string | null {
  if (slide.type === "PRODUCT" && slide.product) return shopHref(basePath, `/productos/${slide.supplier ?? shopSlug}/${slide.product}`);
  if (!slide.url) return null;
  return /^https?:\/\//.test(slide.url) || slide.url.startsWith("/") ? slide.url : `https://${slide.url}`;
}

export function ShopSlider({
  slides,
  basePath,
  shopSlug,
  aspect,
}: {
  slides: SlideView[];
  basePath: string;
  shopSlug: string;
  aspect: { desktop: string; mobile: string };
}) {
  const t = useT();
  const reduceMotion = useReducedMotion();
  const [active, setActive] = useState(0);
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (slides.length < 2 || paused) return;
    const timer = setInterval(() => setActive((index) => (index + 1) % slides.length), sliderTiming.intervalMs);
    return () => clearInterval(timer);
  }, [slides.length, paused]);
  if (slides.length === 0) return null;
  return (
    <section
      aria-roledescription="carousel"
      aria-label={t("carousel_title")}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      style={{
        position: "relative",
        overflow: "hidden",
        borderRadius: 12,
        ["--slider-desktop" as string]: aspect.desktop,
        ["--slider-mobile" as string]: aspect.mobile,
      }}
      className="tianguis-shop-slider"
    >
      {slides.map((slide, index) => {
        const href = slideHref(slide, basePath, shopSlug);
        const picture = (
          <picture>
            <source media="(max-width: 767px)" srcSet={slide.vrt_image} />
            <img
              src={slide.hzt_image}
              alt={t("slide_of", { index: index + 1, total: slides.length })}
              style={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
            />
          </picture>
        );
        return (
          <div
            key={slide.id}
            role="group"
            aria-roledescription="slide"
            aria-hidden={index !== active}
            data-target={slide.target}
            style={{
              position: index === 0 ? "relative" : "absolute",
              inset: "0rem",
              opacity: index === active ? 1 : 0,
              transition: reduceMotion ? "none" : `opacity ${sliderTiming.transitionMs}ms ease`,
              zIndex: index === active ? 1 : 0,
            }}
          >
            {href ? (
              <a
                href={href}
                target={slide.url_target ? "_blank" : undefined}
                rel={slide.url_target ? "noopener noreferrer" : undefined}
                tabIndex={index === active ? 0 : -1}
                style={{ display: "block", height: "100%" }}
              >
                {picture}
              </a>
            ) : (
              picture
            )}
          </div>
        );
      })}
      {slides.length > 1 && (
        <div
          style={{ position: "absolute", bottom: rem(10), left: 0, right: 0, zIndex: 2, display: "flex", justifyContent: "center", gap: 8 }}
        >
          {slides.map((slide, index) => (
            <button
              type="button"
              className={unstyledButton}
              key={slide.id}
              onClick={() => setActive(index)}
              aria-label={t("slide_of", { index: index + 1, total: slides.length })}
              aria-current={index === active}
              style={{
                width: 10,
                height: 10,
                borderRadius: 5,
                background: index === active ? "white" : "rgba(255,255,255,.55)",
                boxShadow: "0 0 2px rgba(0,0,0,.6)",
              }}
            />
          ))}
        </div>
      )}
    </section>
  );
}
