import { Container, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import type { ShopPageView } from "@tianguis/domain/schemas/shop-page";
import { useNavigation } from "react-router";
import { useLocale } from "../../lib/i18n";
import { PageText } from "./PageText";

/** {shop}/acerca, /privacidad, /terms, /copyright: the page's title and text; a skeleton while the next page loads. */
export function ShopInfoPage({ page }: { page: ShopPageView }) {
  const navigation = useNavigation();
  const locale = useLocale();
  const loading = navigation.state === "loading" && /\/(acerca|privacidad|terms|copyright)\/?$/.test(navigation.location.pathname);
  return (
    <Container size="md" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }}>
        {loading ? (
          <Stack gap="md" aria-busy="true">
            <Skeleton height={32} width="60%" />
            {[0, 1, 2, 3].map((key) => (
              <Skeleton key={key} height={64} />
            ))}
          </Stack>
        ) : (
          <Stack gap="lg" component="article">
            <Title order={1} size="h2">
              {page.title}
            </Title>
            <PageText text={page.body} />
            {page.updated_at && (
              <Text size="xs" c="dimmed">
                {new Date(page.updated_at).toLocaleDateString(locale, { dateStyle: "long" })}
              </Text>
            )}
          </Stack>
        )}
      </Paper>
    </Container>
  );
}
