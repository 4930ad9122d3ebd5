import { type ReactNode, useEffect, useState } from "react";
import classes from "./card-markup.module.css";

/**
 * The pieces a product card is made of (its frame, the photo's section, the photo and a corner for its badge; its
 * Stack, Group and Text come from ui/layout-markup, its Badge from ui/shop-markup), as plain elements styled by
 * card-markup.module.css on Mantine's public theme variables (issues 16 and 28). A shop page renders dozens of cards,
 * and each Mantine component reads the theme, parses its style props and merges its classes on every render: about a
 * fifth of a signed-in page's server CPU. The cards look as Mantine's bordered Card, Card.Section, AspectRatio and
 * Image drew them.
 */

export function CardFrame({ faded, className, children }: { faded: boolean; className: string; children: ReactNode }) {
  return (
    <div className={`${className} ${classes.frame}`} data-faded={faded || undefined}>
      {children}
    </div>
  );
}

/** The card's first section, edge to edge, holding the photo and its corner badge. */
export function CardPhotoSection({ children }: { children: ReactNode }) {
  return <div className={classes.photoSection}>{children}</div>;
}

/** The photo at 350:419, covered and lazy; `fallbackSrc` when the photo is missing or fails. */
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
  return failed ? (
    <img className={`${className} ${classes.photo}`} data-fallback="true" src={fallbackSrc} alt={alt} loading="lazy" />
  ) : (
    <img className={`${className} ${classes.photo}`} src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} />
  );
}

/** The photo's top-left corner (8 px in). */
export function CardCorner({ children }: { children: ReactNode }) {
  return <div className={classes.corner}>{children}</div>;
}
