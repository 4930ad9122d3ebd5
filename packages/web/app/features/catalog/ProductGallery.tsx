import type { ProductImage } from "@tianguis/domain/schemas/product";
import { useEffect, useState } from "react";
import { useT } from "../../lib/i18n";
import { unstyledButton } from "../../ui/PlainButton";
import classes from "./catalog.module.css";

/**
 * The chosen photo, square and covered, as Mantine's AspectRatio and Image drew it (issue 16: without their code); a
 * missing or broken photo shows the favicon, as Image's `fallbackSrc` did.
 */
function LargePhoto({ src, alt }: { src: string | undefined; alt: string }) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  return (
    <div className={classes.largePhoto}>
      {/* The detail page's largest paint: fetched first. */}
      <img
        className={classes.largePhotoImage}
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
              className={`${unstyledButton} ${classes.thumb}`}
              data-active={index === active || undefined}
              aria-label={t("photo_n", { n: index + 1 })}
              aria-pressed={index === active}
              onClick={() => setActive(index)}
            >
              <img src={image.thumb} alt="" className={classes.thumbPhoto} />
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
