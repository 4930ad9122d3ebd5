import { Input, Text } from "@mantine/core";
import { IconStar, IconStarFilled } from "@tabler/icons-react";
import { qualifications } from "@tianguis/domain/rules/review";
import { useId, useState } from "react";
import { useT } from "../../lib/i18n";
import classes from "./reviews.module.css";

/**
 * The qualification as a radio group of five stars: native radios (arrow keys move, Space picks, each read as "4
 * estrellas"), drawn as stars that fill up to the chosen or hovered one.
 */
export function StarsInput({ value, onChange, error }: { value: number | null; onChange: (value: number) => void; error?: string }) {
  const t = useT();
  const name = useId();
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <Input.Wrapper label={t("review_field_qualification")} required error={error} labelElement="div">
      <fieldset className={classes.starsField} aria-invalid={error ? true : undefined} onMouseLeave={() => setHover(null)}>
        <legend className={classes.visuallyHidden}>{t("review_field_qualification")}</legend>
        {qualifications.map((stars) => (
          <label key={stars} className={classes.star} onMouseEnter={() => setHover(stars)}>
            <input
              type="radio"
              name={name}
              value={stars}
              checked={value === stars}
              onChange={() => onChange(stars)}
              className={classes.visuallyHidden}
              required
            />
            <span className={classes.visuallyHidden}>{stars === 1 ? t("reviews_star_one") : t("reviews_stars_label", { stars })}</span>
            {stars <= shown ? <IconStarFilled size={30} aria-hidden /> : <IconStar size={30} aria-hidden />}
          </label>
        ))}
        {value !== null && (
          <Text span size="sm" c="dimmed" ml="xs">
            {value} / 5
          </Text>
        )}
      </fieldset>
    </Input.Wrapper>
  );
}
