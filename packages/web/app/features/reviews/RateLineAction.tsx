import { Button, Group, Skeleton, Text } from "@mantine/core";
import { IconStar } from "@tabler/icons-react";
import { useState } from "react";
import { useT } from "../../lib/i18n";
import { ReviewForm } from "./ReviewForm";
import { Stars } from "./Stars";
import type { LineReview } from "./useOrderReviews";

/** A delivered line's 'Calificar' button, or the stars the customer gave it. */
export function RateLineAction({
  productId,
  productName,
  line,
  onSaved,
}: {
  productId: string;
  productName: string;
  /** Undefined while the order's review state loads. */
  line: LineReview | undefined;
  onSaved: () => void;
}) {
  const t = useT();
  const [opened, setOpened] = useState(false);
  if (!line) return <Skeleton h={28} w={96} radius="sm" />;
  if (line.review)
    return (
      <Group gap={6} wrap="nowrap">
        <Stars value={line.review.qualification} size={14} />
        <Text size="xs" c="dimmed">
          {t("review_rated", { stars: line.review.qualification })}
        </Text>
      </Group>
    );
  if (!line.canReview) return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="light"
        leftSection={<IconStar size={14} />}
        onClick={() => setOpened(true)}
        aria-label={t("review_rate_title", { name: productName })}
      >
        {t("review_rate_action")}
      </Button>
      {opened && (
        <ReviewForm
          productId={productId}
          productName={productName}
          opened={opened}
          onClose={() => {
            setOpened(false);
            onSaved();
          }}
        />
      )}
    </>
  );
}
