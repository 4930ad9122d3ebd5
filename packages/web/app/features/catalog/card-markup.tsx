import { type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { type Vars, rem } from "../../ui/layout-markup";

/**
 * Mantine's markup for the pieces a product card is made of (Card, Card.Section, AspectRatio, Image; its Stack, Group
 * and Text come from ui/layout-markup, its Badge from ui/shop-markup), written as plain elements (issue 16). A shop page
 * renders dozens of cards, and each Mantine component reads the theme, parses its style props and merges its classes on
 * every render: about a fifth of a signed-in page's server CPU. These write the same elements, classes, data attributes
 * and inline styles as those components with the props the cards pass them (theme.ts: autoContrast, primaryShade 9, so
 * filled badges of these colours carry white text), so the page looks, hydrates and is styled by Mantine's stylesheet
 * exactly as before.
 */

export function CardFrame({ faded, className, children }: { faded: boolean; className: string; children: ReactNode }) {
  const style: Vars = { "--paper-radius": "var(--mantine-radius-md)", "--card-padding": "var(--mantine-spacing-sm)", height: "100%" };
  return (
    <div
      style={style}
      className={`${className} m_e615b15f mantine-Card-root m_1b7284a3 mantine-Paper-root`}
      data-with-border="true"
      data-faded={faded || undefined}
    >
      {children}
    </div>
  );
}

/** Card.Section as the card's first section, holding the photo and its corner badge. */
export function CardPhotoSection({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: "relative" }} className="m_599a2148 mantine-Card-section" data-first-section="true">
      {children}
    </div>
  );
}

/** AspectRatio 350:419 around Image (fit cover, lazy), which shows `fallbackSrc` when the photo is missing or fails. */
export function CardPhoto({
  src,
  alt,
  fallbackSrc,
  className,
}: {
  src: string | undefined;
  alt: string;
  fallbackSrc: string;
  className: string;
}) {
  const [failed, setFailed] = useState(!src);
  useEffect(() => setFailed(!src), [src]);
  const style: Vars = { "--image-object-fit": "cover" };
  return (
    <div style={{ "--ar-ratio": 350 / 419 } as Vars} className="m_71ac47fc mantine-AspectRatio-root">
      {failed ? (
        <img
          style={style}
          className={`${className} m_9e117634 mantine-Image-root`}
          data-fallback="true"
          src={fallbackSrc}
          alt={alt}
          loading="lazy"
        />
      ) : (
        <img
          style={style}
          className={`${className} m_9e117634 mantine-Image-root`}
          src={src}
          alt={alt}
          loading="lazy"
          onError={() => setFailed(true)}
        />
      )}
    </div>
  );
}

/** Box at the photo's top-left corner (8 px in). */
export function CardCorner({ children }: { children: ReactNode }) {
  return (
    <div style={{ position: "absolute", top: rem(8), left: rem(8) }} className="">
      {children}
    </div>
  );
}
