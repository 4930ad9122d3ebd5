import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { distributionPercent, qualifications, reviewsPageSize } from "@tianguis/domain/rules/review";
import type { ProductReviewsView } from "@tianguis/domain/schemas/review";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
import { Alert } from "../../ui/shop-markup";
import { Skeleton } from "../../ui/Skeleton";
import { PageNumbers } from "../catalog/PageNumbers";
import { ReviewCard } from "./ReviewCard";
import { Stars } from "./Stars";
import classes from "./reviews.module.css";

/**
 * The product page's reviews (spec §4 'reviews'): average with one decimal, count and distribution, then the newest
 * reviews with their photos, 5 per page. The first page comes with the page; the others are read when asked for.
 */
export function ProductReviews({ productId, initial }: { productId: string; initial: ProductReviewsView }) {
  const t = useT();
  const locale = useLocale();
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<ProductReviewsView | null>(initial);
  const [failed, setFailed] = useState(false);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    if (page === 1 && version === 0) return setShown(initial);
    const controller = new AbortController();
    setShown(null);
    setFailed(false);
    api(reviewsApi.list, {
      params: { id: productId },
      query: { offset: (page - 1) * reviewsPageSize, limit: reviewsPageSize },
      signal: controller.signal,
    })
      .then(setShown)
      .catch((error) => !controller.signal.aborted && setFailed(Boolean(error)));
    return () => controller.abort();
  }, [page, version, productId, initial]);

  const summary = (shown ?? initial).summary;
  const percent = distributionPercent(summary);
  const pages = Math.ceil(summary.count / reviewsPageSize);
  const average = summary.average?.toLocaleString(locale === "en" ? "en-US" : "es-MX", { minimumFractionDigits: 1 });
  return (
    <section className={classes.section} aria-labelledby="reviews-title" id="opiniones">
      <h2 className={classes.sectionTitle} id="reviews-title">
        {t("reviews_title")}
      </h2>
      {summary.count === 0 ? (
        <p className={classes.empty}>{t("reviews_empty")}</p>
      ) : (
        <div className={classes.summary}>
          <div className={classes.average}>
            <p className={classes.averageValue} data-testid="rating-average">
              {average}
            </p>
            <Stars value={summary.average ?? 0} size={20} />
            <p className={classes.count}>{summary.count === 1 ? t("reviews_count_one") : t("reviews_count", { count: summary.count })}</p>
          </div>
          <div className={classes.distribution} aria-label={t("reviews_distribution")} role="list">
            {[...qualifications].reverse().map((stars) => (
              <div
                key={stars}
                className={classes.row}
                role="listitem"
                aria-label={t("reviews_distribution_label", { stars, count: summary.distribution[stars] })}
              >
                <p className={classes.rowStars} aria-hidden>
                  {stars}★
                </p>
                <div className={classes.bar} aria-hidden>
                  <div className={classes.barFill} style={{ width: `${percent[stars]}%` }} />
                </div>
                <p className={classes.rowCount} aria-hidden>
                  {summary.distribution[stars]}
                </p>
              </div>
            ))}
          </div>
        </div>
      )}
      {failed && <Alert color="red">{t("reviews_load_error")}</Alert>}
      {shown === null && !failed && (
        <div className={classes.list} aria-busy>
          {[0, 1].map((row) => (
            <Skeleton key={row} height={110} radius="md" />
          ))}
        </div>
      )}
      {shown !== null && shown.results.length > 0 && (
        <div className={classes.list}>
          {shown.results.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              canAnswer={shown.can_answer}
              onAnswered={() => page > 1 && setVersion(version + 1)}
            />
          ))}
        </div>
      )}
      {pages > 1 && <PageNumbers total={pages} page={page} onChange={setPage} label={t("reviews_pages")} size="sm" />}
    </section>
  );
}
