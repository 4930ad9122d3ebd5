import type { ReviewView } from "@tianguis/domain/schemas/review";
import { useState } from "react";
import { useLocale, useT } from "../../lib/i18n";
import { intentToOpen, lazyPart } from "../../lib/lazy-part";
import { PlainButton } from "../../ui/PlainButton";
import { Stars } from "./Stars";
import classes from "./reviews.module.css";
import { dateTimeFormat } from "../../lib/intl";

/** The answer form's text area comes with it, on the seller's intent to answer, not with every product page. */
const AnswerForm = lazyPart(() => import("./AnswerForm").then((module) => module.AnswerForm));

function formatDate(iso: string, locale: string) {
  return dateTimeFormat(locale === "en" ? "en-US" : "es-MX", { dateStyle: "medium" }).format(new Date(iso));
}

/** One review: stars, title, author and date, text, photos, and the seller's answer (or, for the seller, the form). */
export function ReviewCard({
  review,
  canAnswer,
  onAnswered,
  heading = 3,
}: {
  review: ReviewView;
  canAnswer: boolean;
  onAnswered: () => void;
  heading?: 3 | 4;
}) {
  const t = useT();
  const locale = useLocale();
  const titleId = `review-${review.id}`;
  const Heading = `h${heading}` as const;
  return (
    <article className={classes.card} aria-labelledby={titleId}>
      <div className={classes.cardBody}>
        <div className={classes.cardHead}>
          <Stars value={review.qualification} />
          <Heading className={classes.cardTitle} id={titleId}>
            {review.title}
          </Heading>
        </div>
        <p className={classes.byline}>
          {t("reviews_by", { name: review.author_name ?? t("reviews_customer"), date: formatDate(review.created_at, locale) })}
        </p>
        <p className={classes.prose}>{review.text}</p>
        {review.photos.length > 0 && (
          <div className={classes.photos}>
            {review.photos.map((photo, index) => (
              <a key={photo.original} href={photo.original} target="_blank" rel="noreferrer">
                <img
                  src={photo.thumb}
                  alt={t("reviews_photo_alt", { number: index + 1, title: review.title })}
                  className={classes.photo}
                  loading="lazy"
                />
              </a>
            ))}
          </div>
        )}
        {review.answer !== null ? (
          <div className={classes.answer}>
            <p className={classes.answerFrom}>
              {t("reviews_answer_from")}
              {review.answered_at && ` · ${formatDate(review.answered_at, locale)}`}
            </p>
            <p className={classes.prose}>{review.answer}</p>
          </div>
        ) : (
          canAnswer && <AnswerAction reviewId={review.id} onAnswered={onAnswered} />
        )}
      </div>
    </article>
  );
}

/** The supplier's one answer: a 'Responder' button that opens the form. */
function AnswerAction({ reviewId, onAnswered }: { reviewId: string; onAnswered: () => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  if (open) return <AnswerForm reviewId={reviewId} onAnswered={onAnswered} onCancel={() => setOpen(false)} />;
  return (
    <PlainButton
      variant="subtle"
      size="compact-sm"
      style={{ width: "fit-content" }}
      onClick={() => setOpen(true)}
      {...intentToOpen(AnswerForm)}
    >
      {t("reviews_answer_action")}
    </PlainButton>
  );
}
