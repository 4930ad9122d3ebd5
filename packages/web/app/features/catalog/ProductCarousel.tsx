import { Carousel } from "@mantine/carousel";
import "@mantine/carousel/styles.css";
import { Skeleton, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import type { ProductView } from "@tianguis/domain/schemas/product";
import { useT } from "../../lib/i18n";
import { ProductGrid } from "./ProductGrid";
import classes from "./catalog.module.css";
import { type CardViewer, ProductCard } from "./ProductCard";

/** Spec §2: 5 per view on desktop when there are 6 or more (a grid if fewer), 4.5 on mobile, 1.5 on phones. */
export const carouselMinItems = 6;
const slideSize = { base: `${100 / 1.5}%`, sm: `${100 / 4.5}%`, lg: "20%" };

/** Skeleton counts 10 (desktop), 6 (mobile) and 4 (phones). */
export function ProductCarouselSkeleton() {
  const phone = useMediaQuery("(max-width: 36em)");
  const mobile = useMediaQuery("(max-width: 62em)");
  const count = phone ? 4 : mobile ? 6 : 10;
  return (
    <Carousel slideSize={slideSize} slideGap="md" withControls={false} emblaOptions={{ align: "start", dragFree: true }} aria-busy="true">
      {Array.from({ length: count }, (_, index) => (
        <Carousel.Slide key={index}>
          <Stack gap={8}>
            <Skeleton style={{ aspectRatio: "350 / 419" }} radius="md" />
            <Skeleton height={12} width="80%" />
          </Stack>
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}

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
  if (products.length < carouselMinItems) return <ProductGrid products={products} basePath={basePath} now={now} viewer={viewer} />;
  return (
    <Carousel
      slideSize={slideSize}
      slideGap="md"
      emblaOptions={{ align: "start", slidesToScroll: 1, containScroll: "trimSnaps" }}
      controlSize={36}
      previousControlProps={{ "aria-label": t("carousel_previous") }}
      nextControlProps={{ "aria-label": t("carousel_next") }}
      aria-label={label}
      styles={{ control: { boxShadow: "var(--mantine-shadow-md)" } }}
      classNames={{ controls: classes.carouselControls }}
    >
      {products.map((product) => (
        <Carousel.Slide key={product.id}>
          <ProductCard product={product} basePath={basePath} now={now} viewer={viewer} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
