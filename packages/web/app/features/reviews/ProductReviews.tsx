import { Alert, Group, Skeleton, Stack, Text, Title } from "@mantine/core";
import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { distributionPercent, qualifications, reviewsPageSize } from "@tianguis/domain/rules/review";
import type { ProductReviewsView } from "@tianguis/domain/schemas/review";
import { useEffect, useState } from "react";
import { api } from "../../lib/api/client";
import { useLocale, useT } from "../../lib/i18n";
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
    <Stack gap="md" mt={56} component="section" aria-labelledby="reviews-title" id="opiniones">
      <Title order={2} size="h3" id="reviews-title">
        {t("reviews_title")}
      </Title>
      {summary.count === 0 ? (
        <Text c="dimmed">{t("reviews_empty")}</Text>
      ) : (
        <Group align="flex-start" gap="xl" wrap="wrap">
          <Stack gap={4} miw={160}>
            <Text fz={40} fw={700} lh={1} data-testid="rating-average">
              {average}
            </Text>
            <Stars value={summary.average ?? 0} size={20} />
            <Text size="sm" c="dimmed">
              {summary.count === 1 ? t("reviews_count_one") : t("reviews_count", { count: summary.count })}
            </Text>
          </Stack>
          <Stack gap={4} style={{ flex: 1, minWidth: 220, maxWidth: 420 }} aria-label={t("reviews_distribution")} role="list">
            {[...qualifications].reverse().map((stars) => (
              <Group
                key={stars}
                gap="xs"
                wrap="nowrap"
                role="listitem"
                aria-label={t("reviews_distribution_label", { stars, count: summary.distribution[stars] })}
              >
                <Text size="sm" w={24} aria-hidden>
                  {stars}★
                </Text>
                <div className={classes.bar} aria-hidden>
                  <div className={classes.barFill} style={{ width: `${percent[stars]}%` }} />
                </div>
                <Text size="sm" c="dimmed" w={32} ta="right" aria-hidden>
                  {summary.distribution[stars]}
                </Text>
              </Group>
            ))}
          </Stack>
        </Group>
      )}
      {failed && (
        <Alert color="red" variant="light" role="alert">
          {t("reviews_load_error")}
        </Alert>
      )}
      {shown === null && !failed && (
        <Stack gap="sm" aria-busy>
          {[0, 1].map((row) => (
            <Skeleton key={row} h={110} radius="md" />
          ))}
        </Stack>
      )}
      {shown !== null && shown.results.length > 0 && (
        <Stack gap="sm">
          {shown.results.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              canAnswer={shown.can_answer}
              onAnswered={() => page > 1 && setVersion(version + 1)}
            />
          ))}
        </Stack>
      )}
      {pages > 1 && <PageNumbers total={pages} page={page} onChange={setPage} label={t("reviews_pages")} size="sm" />}
    </Stack>
  );
}
