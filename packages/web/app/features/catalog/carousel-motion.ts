import EmblaCarousel from "embla-carousel";

/** What the carousel's arrows can do at the current position. */
export interface CarouselEnds {
  previous: boolean;
  next: boolean;
}

export interface CarouselMotion {
  previous: () => void;
  next: () => void;
  destroy: () => void;
}

/**
 * The product carousel's swipe and arrows (embla), attached to the markup the server rendered. Loaded on its own when
 * the carousel nears the screen or the visitor reaches for it (issue 16), so a first visit does not carry it. Options
 * as @mantine/carousel gave them: start-aligned, one slide per step, no empty space at the ends; embla watches the
 * slides and measures again when they change.
 */
export function attachCarousel(viewport: HTMLElement, onEnds: (ends: CarouselEnds) => void): CarouselMotion {
  const embla = EmblaCarousel(viewport, { align: "start", slidesToScroll: 1, containScroll: "trimSnaps" });
  const report = () => onEnds({ previous: embla.canScrollPrev(), next: embla.canScrollNext() });
  embla.on("select", report).on("reInit", report).on("resize", report);
  report();
  return { previous: () => embla.scrollPrev(), next: () => embla.scrollNext(), destroy: () => embla.destroy() };
}
