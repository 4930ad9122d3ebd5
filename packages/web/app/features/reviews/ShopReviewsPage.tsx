import { Anchor, Container, Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { shopReviewsPageSize } from "@tianguis/domain/rules/review";
import { typePaths } from "@tianguis/domain/schemas/product";
import { Link, useNavigate, useNavigation, useRevalidator } from "react-router";
import { useT } from "../../lib/i18n";
import { ListingPagination } from "../catalog/ListingPagination";
import { ReviewCard } from "./ReviewCard";
import type { loadShopReviews } from "./shop-reviews.server";

type PageData = Awaited<ReturnType<typeof loadShopReviews>>;

/** {shop}/admin/opiniones: what customers said about the shop's products, with 'Responder' on those still unanswered. */
export function ShopReviewsPage({ reviews, total, page, unanswered, shop, basePath }: PageData) {
  const t = useT();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: "h2", sm: "h1" }}>
          {t("shop_reviews_title")}
        </Title>
        <Switch
          label={t("shop_reviews_unanswered")}
          checked={unanswered}
          onChange={(event) => navigate(event.currentTarget.checked ? "?sin-respuesta=1" : "?")}
        />
        {reviews.length === 0 ? (
          <Paper withBorder radius="md" p="xl">
            <Text c="dimmed" ta="center">
              {t("shop_reviews_empty")}
            </Text>
          </Paper>
        ) : (
          <Stack gap="md" aria-busy={navigation.state === "loading"}>
            {reviews.map((review) => (
              <Stack key={review.id} gap={4}>
                <Anchor
                  component={Link}
                  size="sm"
                  to={`${shopHref(basePath, `/${typePaths[review.product_type]}/${shop.slug}/${review.product_id}`)}#opiniones`}
                >
                  {t("shop_reviews_product", { name: review.product_name })}
                </Anchor>
                <ReviewCard review={review} canAnswer onAnswered={() => revalidator.revalidate()} heading={4} />
              </Stack>
            ))}
          </Stack>
        )}
        <ListingPagination page={page} total={total} pageSize={shopReviewsPageSize} />
      </Stack>
    </Container>
  );
}
