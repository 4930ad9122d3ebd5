import { IconStar, IconStarFilled, IconStarHalfFilled } from "@tabler/icons-react";
import { useT } from "../../lib/i18n";
import classes from "./reviews.module.css";

/** A read-only row of five stars for a qualification or an average (halves from .25 to .75); read as "4.5 de 5 estrellas". */
export function Stars({ value, size = 16 }: { value: number; size?: number }) {
  const t = useT();
  return (
    <div className={classes.stars} role="img" aria-label={t("reviews_average_label", { average: value })}>
      {[1, 2, 3, 4, 5].map((star) => {
        const fill = value - star + 1;
        const Icon = fill >= 0.75 ? IconStarFilled : fill >= 0.25 ? IconStarHalfFilled : IconStar;
        return <Icon key={star} size={size} aria-hidden />;
      })}
    </div>
  );
}
