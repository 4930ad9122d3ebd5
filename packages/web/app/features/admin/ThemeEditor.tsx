import {
  Badge,
  Box,
  Card,
  ColorInput,
  ColorPicker,
  ColorSwatch,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from "@mantine/core";
import type { BodyOf } from "@tianguis/domain/api/endpoint";
import {
  type GradientKey,
  backgroundGradients,
  gradientCss,
  normalizeColour,
  opaqueColour,
  rgbaString,
  shopThemes,
  themeOf,
} from "@tianguis/domain/rules/shop-theme";
import { shopsApi } from "@tianguis/domain/routes/shops";
import type { ShopView } from "@tianguis/domain/schemas/shop";
import { useEffect, useRef, useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { colourSchedule } from "../../ui/colour-schedule";
import { shopColorVariables } from "../../ui/shop-color";
import { useMutation } from "../../ui/useMutation";
import classes from "./ThemeEditor.module.css";

type ColourField = "color1" | "color2";
interface Look {
  color1: string;
  color2: string;
  gradient: GradientKey | null;
}

/** One picker's schedule for the life of the component: preview throttled, save debounced, both dropped on leaving. */
function useColourSchedule(preview: (colour: string) => void, commit: (colour: string) => void) {
  const latest = useRef({ preview, commit });
  latest.current = { preview, commit };
  const [schedule] = useState(() =>
    colourSchedule<string>(
      (colour) => latest.current.preview(colour),
      (colour) => latest.current.commit(colour),
    ),
  );
  useEffect(() => () => schedule.cancel(), [schedule]);
  return schedule;
}

/**
 * The shop's theme on /admin/configuracion (commerce-and-accounts §9): a named theme of two colours, a preset
 * background gradient, and a picker with alpha for each colour. Dragging a picker repaints the preview at most every
 * 50 ms and saves the colour 100 ms after the owner stops; a theme or gradient is saved when chosen.
 */
export function ThemeEditor({ shop }: { shop: ShopView }) {
  const t = useT();
  const { run } = useMutation();
  const saved = shop.store_theme_info;
  const [look, setLook] = useState<Look>({ color1: saved.color1, color2: saved.color2, gradient: saved.gradient });
  const [inputs, setInputs] = useState({ color1: rgbaString(saved.color1) ?? "", color2: rgbaString(saved.color2) ?? "" });
  const save = (body: BodyOf<typeof shopsApi.update>) => run(() => api(shopsApi.update, { params: { slug: shop.slug }, body }));
  const pickers = {
    color1: useColourSchedule(
      (color1) => setLook((current) => ({ ...current, color1 })),
      (color1) => save({ field: "color1", color1 }),
    ),
    color2: useColourSchedule(
      (color2) => setLook((current) => ({ ...current, color2 })),
      (color2) => save({ field: "color2", color2 }),
    ),
  };
  const pick = (field: ColourField, value: string) => {
    setInputs((current) => ({ ...current, [field]: value }));
    const colour = normalizeColour(value);
    if (colour) pickers[field].change(colour);
  };
  const chooseTheme = (theme: (typeof shopThemes)[number]) => {
    pickers.color1.cancel();
    pickers.color2.cancel();
    setLook((current) => ({ ...current, color1: theme.color1, color2: theme.color2 }));
    setInputs({ color1: rgbaString(theme.color1) ?? "", color2: rgbaString(theme.color2) ?? "" });
    save({ theme: theme.key });
  };
  const chooseGradient = (gradient: GradientKey | null) => {
    setLook((current) => ({ ...current, gradient }));
    save({ gradient });
  };
  const current = themeOf(look.color1, look.color2);
  return (
    <Card withBorder radius="md" p="lg" id="theme">
      <Stack>
        <div>
          <Title order={2} size="h4">
            {t("shop_theme")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("shop_theme_hint")}
          </Text>
        </div>
        <Stack gap={6} role="group" aria-labelledby="themes-label">
          <Text size="sm" fw={500} id="themes-label">
            {t("shop_themes")}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
            {shopThemes.map((theme) => (
              <UnstyledButton
                key={theme.key}
                className={classes.choice}
                aria-pressed={current === theme.key}
                onClick={() => chooseTheme(theme)}
              >
                <Group gap={4} wrap="nowrap" aria-hidden>
                  <ColorSwatch color={theme.color1} size={20} />
                  <ColorSwatch color={theme.color2} size={20} />
                </Group>
                <Text size="sm">{t(`theme_${theme.key}`)}</Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap={6} role="group" aria-labelledby="gradients-label">
          <Text size="sm" fw={500} id="gradients-label">
            {t("background_gradient")}
          </Text>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs">
            {[null, ...backgroundGradients.map((gradient) => gradient.key)].map((gradient) => (
              <UnstyledButton
                key={gradient ?? "none"}
                className={classes.choice}
                aria-pressed={look.gradient === gradient}
                onClick={() => chooseGradient(gradient)}
              >
                <span className={classes.gradient} style={{ background: gradientCss(gradient) ?? undefined }} aria-hidden />
                <Text size="sm">{t(gradient ? `gradient_${gradient}` : "gradient_none")}</Text>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t("shop_theme_custom")}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(["color1", "color2"] as const).map((field) => {
              const label = t(field === "color1" ? "primary_colour" : "secondary_colour");
              return (
                <Stack key={field} gap="xs">
                  <ColorInput
                    label={label}
                    format="rgba"
                    value={inputs[field]}
                    onChange={(value) => pick(field, value)}
                    withPicker={false}
                    withEyeDropper={false}
                    error={normalizeColour(inputs[field]) ? undefined : t("invalid_color")}
                  />
                  <ColorPicker
                    format="rgba"
                    fullWidth
                    value={normalizeColour(inputs[field]) ? inputs[field] : (rgbaString(look[field]) ?? undefined)}
                    onChange={(value) => pick(field, value)}
                    saturationLabel={`${label}: ${t("colour_saturation")}`}
                    hueLabel={`${label}: ${t("colour_hue")}`}
                    alphaLabel={`${label}: ${t("colour_opacity")}`}
                  />
                </Stack>
              );
            })}
          </SimpleGrid>
        </Stack>
        <Box
          role="region"
          aria-label={t("theme_preview")}
          className={classes.preview}
          style={{
            background: gradientCss(look.gradient) ?? undefined,
            borderImage: `linear-gradient(90deg, ${look.color1}, ${look.color2}) 1`,
            ...shopColorVariables(look.color1, look.gradient),
          }}
        >
          <Text fw={600}>{t("theme_preview_text")}</Text>
          <Group gap="xs">
            <Badge size="lg" variant="filled">
              {t("primary_colour")}
            </Badge>
            <Badge size="lg" color={opaqueColour(look.color2, "#ffffff")} autoContrast>
              {t("secondary_colour")}
            </Badge>
          </Group>
        </Box>
      </Stack>
    </Card>
  );
}
