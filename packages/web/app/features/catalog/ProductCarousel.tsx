import { useMediaQuery } from "@mantine/hooks";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import classes from "./carousel.module.css";
import { type CardViewer, ProductCard } from "./ProductCard";
import { ProductGrid } from "./ProductGrid";
import { Skeleton } from "../../ui/Skeleton";

/** Spec §2: 5 per view on desktop when there are 6 or more (a grid if fewer), 4.5 on mobile, 1.5 on phones. */
export const carouselMinItems = 6;
/** Pixels of slack at either end, since the row's fractional slide widths leave the scroll position a hair short. */
const endTolerance = 1;

/** Which arrows lead somewhere from the row's current scroll position. */
interface CarouselEnds {
  previous: boolean;
  next: boolean;
}

/** Skeleton counts 10 (desktop), 6 (mobile) and 4 (phones). */
export function ProductCarouselSkeleton() {
  const phone = useMediaQuery("(max-width: 36em)");
  const mobile = useMediaQuery("(max-width: 62em)");
  const count = phone ? 4 : mobile ? 6 : 10;
  return (
    <div className={classes.root} aria-busy="true">
      <div className={classes.viewport}>
        <div className={classes.container}>
          {Array.from({ length: count }, (_, index) => (
            <div key={index} className={classes.slide}>
              <div className={classes.skeleton}>
                <Skeleton style={{ aspectRatio: "350 / 419" }} radius="md" />
                <Skeleton height={12} width="80%" />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The chevron @mantine/carousel drew on its arrows, turned to point back (90°) or forward (-90°). */
function Chevron({ turn }: { turn: number }) {
  return (
    <svg viewBox="0 0 15 15" fill="none" aria-hidden style={{ transform: `rotate(${turn}deg)` }}>
      <path
        d="M3.13523 6.15803C3.3241 5.95657 3.64052 5.94637 3.84197 6.13523L7.5 9.56464L11.158 6.13523C11.3595 5.94637 11.6759 5.95657 11.8648 6.15803C12.0536 6.35949 12.0434 6.67591 11.842 6.86477L7.84197 10.6148C7.64964 10.7951 7.35036 10.7951 7.15803 10.6148L3.15803 6.86477C2.95657 6.67591 2.94637 6.35949 3.13523 6.15803Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </svg>
  );
}

/** An arrow of the row; one that cannot move fades away and leaves the tab order. */
function Arrow({
  direction,
  enabled,
  onStep,
}: {
  direction: "previous" | "next";
  enabled: boolean;
  onStep: (direction: "previous" | "next") => void;
}) {
  const t = useT();
  return (
    <button
      type="button"
      className={classes.control}
      aria-label={t(direction === "previous" ? "carousel_previous" : "carousel_next")}
      data-inactive={!enabled || undefined}
      tabIndex={enabled ? 0 : -1}
      onClick={() => onStep(direction)}
    >
      <Chevron turn={direction === "previous" ? 90 : -90} />
    </button>
  );
}

/**
 * A row of product cards that scrolls sideways with the browser's own scrolling (carousel.module.css: snap, no
 * scrollbar), so swiping and a trackpad's sideways scroll work before hydration and no swipe code downloads at all
 * (issue 16). The arrows step one slide; their state follows the scroll position.
 */
export function ProductCarousel({
  products,
  basePath,
  now,
  viewer,
  label,
}: {
  products: ProductView[];
  basePath: string;
  now: Date;
  viewer?: CardViewer;
  label: string;
}) {
  const t = useT();
  const viewport = useRef<HTMLDivElement>(null);
  // A wide row always holds more cards than fit, so the server can draw 'next' as enabled.
  const [ends, setEnds] = useState<CarouselEnds>({ previous: false, next: true });
  const wide = products.length >= carouselMinItems;

  // Runs again for a new set of products, which changes how far the row scrolls.
  useEffect(() => {
    const element = viewport.current;
    if (!wide || !element) return;
    const report = () => {
      const previous = element.scrollLeft > endTolerance;
      const next = element.scrollLeft < element.scrollWidth - element.clientWidth - endTolerance;
      setEnds((current) => (current.previous === previous && current.next === next ? current : { previous, next }));
    };
    report();
    element.addEventListener("scroll", report, { passive: true });
    const observer = new ResizeObserver(report);
    observer.observe(element);
    return () => {
      element.removeEventListener("scroll", report);
      observer.disconnect();
    };
  }, [wide, products]);

  if (!wide) return <ProductGrid products={products} basePath={basePath} now={now} viewer={viewer} />;
  // One slide's box holds its card and the gap after it. The target is counted in whole slides from where the row
  // rests, so a step always lands on a slide's start (or the row's end, where the last snap sits).
  const step = (direction: "previous" | "next") => {
    const element = viewport.current;
    const slide = element?.querySelector(`.${classes.slide}`);
    if (!element || !slide) return;
    const distance = slide.getBoundingClientRect().width;
    const position = element.scrollLeft / distance;
    const slack = endTolerance / distance;
    const index = direction === "next" ? Math.floor(position + slack) + 1 : Math.ceil(position - slack) - 1;
    element.scrollTo({ left: index * distance });
  };
  return (
    <div
      className={classes.root}
      aria-label={label}
      onKeyDownCapture={(event) => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        event.preventDefault();
        step(event.key === "ArrowRight" ? "next" : "previous");
      }}
    >
      <div className={classes.controls}>
        <Arrow direction="previous" enabled={ends.previous} onStep={step} />
        <Arrow direction="next" enabled={ends.next} onStep={step} />
      </div>
      <div className={classes.viewport} ref={viewport}>
        <div className={classes.container}>
          {products.map((product) => (
            <div key={product.id} className={classes.slide}>
              <ProductCard product={product} basePath={basePath} now={now} viewer={viewer} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
