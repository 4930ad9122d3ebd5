import { Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import type { CarouselEnds, CarouselMotion } from "./carousel-motion";
import classes from "./carousel.module.css";
import { type CardViewer, ProductCard } from "./ProductCard";
import { ProductGrid } from "./ProductGrid";

/** Spec §2: 5 per view on desktop when there are 6 or more (a grid if fewer), 4.5 on mobile, 1.5 on phones. */
export const carouselMinItems = 6;
/** How far below the screen the carousel starts loading its swipe code, so it is ready when scrolled to. */
const nearScreen = "300px";

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
              <Stack gap={8}>
                <Skeleton style={{ aspectRatio: "350 / 419" }} radius="md" />
                <Skeleton height={12} width="80%" />
              </Stack>
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

/**
 * A row of product cards that scrolls sideways. The server renders the row and its arrows; the swipe code
 * (carousel-motion, embla) downloads after hydration once the row nears the screen, or when the visitor reaches for it
 * (pointer, touch, keyboard focus), and attaches to that same markup, so nothing moves when it arrives (issue 16). An
 * arrow pressed before it arrived takes effect when it does.
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
  const motion = useRef<CarouselMotion | null>(null);
  const start = useRef<() => void>(() => undefined);
  const waiting = useRef<"previous" | "next" | null>(null);
  const [ends, setEnds] = useState<CarouselEnds>({ previous: false, next: false });
  const wide = products.length >= carouselMinItems;

  useEffect(() => {
    const element = viewport.current;
    if (!wide || !element) return;
    let stopped = false;
    let started = false;
    start.current = () => {
      if (started) return;
      started = true;
      import("./carousel-motion").then(
        ({ attachCarousel }) => {
          if (stopped) return;
          motion.current = attachCarousel(element, setEnds);
          if (waiting.current) motion.current[waiting.current]();
          waiting.current = null;
        },
        // A failed download leaves the row as the server drew it; the visitor's next reach tries again.
        () => {
          started = false;
        },
      );
    };
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && start.current(), {
      rootMargin: nearScreen,
    });
    observer.observe(element);
    return () => {
      stopped = true;
      observer.disconnect();
      motion.current?.destroy();
      motion.current = null;
    };
  }, [wide]);

  if (!wide) return <ProductGrid products={products} basePath={basePath} now={now} viewer={viewer} />;
  const step = (direction: "previous" | "next") => {
    if (motion.current) return motion.current[direction]();
    waiting.current = direction;
    start.current();
  };
  const reach = () => start.current();
  return (
    <div
      className={classes.root}
      aria-label={label}
      onPointerEnter={reach}
      onTouchStart={reach}
      onFocus={reach}
      onKeyDownCapture={(event) => {
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        event.preventDefault();
        step(event.key === "ArrowRight" ? "next" : "previous");
      }}
    >
      <div className={classes.controls}>
        <button
          type="button"
          className={classes.control}
          aria-label={t("carousel_previous")}
          data-inactive={!ends.previous || undefined}
          tabIndex={ends.previous ? 0 : -1}
          onClick={() => step("previous")}
        >
          <Chevron turn={90} />
        </button>
        <button
          type="button"
          className={classes.control}
          aria-label={t("carousel_next")}
          data-inactive={!ends.next || undefined}
          tabIndex={ends.next ? 0 : -1}
          onClick={() => step("next")}
        >
          <Chevron turn={-90} />
        </button>
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
