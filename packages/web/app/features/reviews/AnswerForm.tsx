import { Button, Group, Stack, Textarea } from "@mantine/core";
import { reviewsApi } from "@tianguis/domain/routes/reviews";
import { reviewAnswerMax } from "@tianguis/domain/rules/review";
import { useState } from "react";
import { api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { useMutation } from "../../ui/useMutation";

/** The supplier's one answer to a review: a text area, send and cancel. */
export function AnswerForm({ reviewId, onAnswered, onCancel }: { reviewId: string; onAnswered: () => void; onCancel: () => void }) {
  const t = useT();
  const { run, busy } = useMutation();
  const [answer, setAnswer] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!answer.trim()) return setError(t("required"));
    setError(null);
    await run(() => api(reviewsApi.answer, { params: { id: reviewId }, body: { answer } }), {
      success: "reviews_answer_saved",
      onSuccess: onAnswered,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea
          label={t("reviews_answer_label")}
          value={answer}
          onChange={(event) => setAnswer(event.currentTarget.value)}
          maxLength={reviewAnswerMax}
          autosize
          minRows={2}
          error={error}
          data-autofocus
          autoFocus
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={busy}>
            {t("reviews_answer_send")}
          </Button>
          <Button variant="default" size="xs" onClick={onCancel}>
            {t("cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
