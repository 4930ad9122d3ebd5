import { AspectRatio, Group, Image, Stack, UnstyledButton } from "@mantine/core";
import type { ProductImage } from "@tianguis/domain/schemas/product";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import classes from "./catalog.module.css";

/** The photo gallery of a detail page: the chosen photo large (its 800x800 WebP, else the original), thumbnails (400x300) to switch. */
export function ProductGallery({ images, name }: { images: ProductImage[]; name: string }) {
  const t = useT();
  const [active, setActive] = useState(0);
  const current = images[active] ?? images[0];
  return (
    <Stack gap="sm">
      <AspectRatio
        ratio={1}
        style={{ borderRadius: "var(--mantine-radius-md)", overflow: "hidden", background: "var(--mantine-color-default-hover)" }}
      >
        {/* The detail page's largest paint: fetched first. */}
        <Image
          src={current?.large ?? current?.original}
          alt={current?.alt ?? name}
          fit="cover"
          fallbackSrc="/favicon.svg"
          fetchPriority="high"
        />
      </AspectRatio>
      {images.length > 1 && (
        <Group gap="xs" role="list">
          {images.map((image, index) => (
            <UnstyledButton
              key={image.id}
              role="listitem"
              className={classes.thumb}
              data-active={index === active || undefined}
              aria-label={t("photo_n", { n: index + 1 })}
              aria-pressed={index === active}
              onClick={() => setActive(index)}
            >
              <Image src={image.thumb} alt="" w={72} h={54} fit="cover" />
            </UnstyledButton>
          ))}
        </Group>
      )}
    </Stack>
  );
}
