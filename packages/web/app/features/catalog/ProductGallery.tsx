import type { ProductImage } from "@tianguis/domain/schemas/product";
import { type CSSProperties, useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { rem } from "../../ui/shop-markup";
import classes from "./catalog.module.css";

const cover = { "--image-object-fit": "cover" } as CSSProperties;

/**
 * The chosen photo, square, as Mantine's AspectRatio and Image drew it (issue 16: without their code); a missing or
 * broken photo shows the favicon, as Image's `fallbackSrc` did.
 */
function LargePhoto({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  return (
    <div
      style={
        {
          "--ar-ratio": 1,
          borderRadius: "var(--mantine-radius-md)",
          overflow: "hidden",
          background: "var(--mantine-color-default-hover)",
        } as CSSProperties
      }
      className="m_71ac47fc mantine-AspectRatio-root"
    >
      {/* The detail page's largest paint: fetched first. */}
      <img
        style={cover}
        className="m_9e117634 mantine-Image-root"
        data-fallback={failed || undefined}
        src={failed ? "/favicon.svg" : src}
        alt={alt}
        fetchPriority="high"
        onError={failed ? undefined : () => setFailed(true)}
      />
    </div>
  );
}

/** The photo gallery of a detail page: the chosen photo large (its 800x800 WebP, else the original), thumbnails (400x300) to switch. */
export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = useT();
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  return (
    <div className={classes.gallery}>
      <LargePhoto src={current?.large ?? current?.original} alt={current?.alt ?? name} />
      {images.length > 1 && (
        <div className={classes.thumbs} role="list">
          {images.map((image, index) => (
            <button
              key={image.id}
              type="button"
              role="listitem"
              className={`mantine-focus-auto ${classes.thumb} m_87cf2631 mantine-UnstyledButton-root`}
              data-active={index === active || undefined}
              aria-label={t("photo_n", { n: index + 1 })}
              aria-pressed={index === active}
              onClick={() => setActive(index)}
            >
              <img
                src={image.thumb}
                alt=""
                style={{ ...cover, width: rem(72), height: rem(54) }}
                className="m_9e117634 mantine-Image-root"
              />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
