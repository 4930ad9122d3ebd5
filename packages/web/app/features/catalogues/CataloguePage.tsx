import { Box, Button, Container, Group, LoadingOverlay, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconArrowLeft, IconCopy, IconPlus, IconSearch } from "@tabler/icons-react";
import { shopHref } from "@tianguis/domain/rules/shop-resolution";
import { catalogueProductsPerPage } from "@tianguis/domain/schemas/catalogue";
import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigate, useRevalidator } from "react-router";
import { useT } from "../../lib/i18n";
import { useUser } from "../../lib/user";
import { useAdminShop } from "../../lib/access";
import { usePending } from "../../lib/usePending";
import { ProductCard } from "../catalog/ProductCard";
import { ListingPagination } from "../catalog/ListingPagination";
import { ProductGrid } from "../catalog/ProductGrid";
import { PickerButton, isResellerStore } from "../picker/PickerLauncher";
import { AddProductsModal } from "./AddProductsModal";
import { catalogueHref, productCount } from "./CatalogueCard";
import { CatalogueItemControls } from "./CatalogueItemControls";
import { CatalogueShare } from "./CatalogueShare";
import type { loadCatalogue } from "./catalogues.server";
import { DuplicateCatalogueModal } from "./DuplicateCatalogueModal";

/** After a position change the 'updating' overlay stays 8 s, then the list reloads (spec §4, §9). */
const positionOverlayMs = 8000;

export function CataloguePage(data: Awaited<ReturnType<typeof loadCatalogue>>) {
  const { shop, basePath, catalogue, page, text, catalogues, now } = data;
  const t = useT();
  const user = useUser();
  const admin = useAdminShop();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [products, setProducts] = useState(data.products);
  const [counts, setCounts] = useState({ catalogue: catalogue.num_products, matches: data.total });
  const [adding, setAdding] = useState(false);
  const [duplicating, setDuplicating] = useState(false);
  const [updating, setUpdating] = useState(false);
  const overlayTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = usePending(5000);
  useEffect(() => {
    setProducts(data.products);
    setCounts({ catalogue: data.catalogue.num_products, matches: data.total });
  }, [data.products, data.catalogue.num_products, data.total]);
  useEffect(() => () => clearTimeout(overlayTimer.current), []);
  const path = catalogueHref(basePath, catalogue.slug);

  const actions = {
    pendingRemoval: pending.isPending,
    schedule: pending.schedule,
    undo: pending.undo,
    startUpdating: () => {
      setUpdating(true);
      clearTimeout(overlayTimer.current);
      overlayTimer.current = setTimeout(() => {
        setUpdating(false);
        revalidator.revalidate();
      }, positionOverlayMs);
    },
    /** The row is dropped and the counts go down by one (spec: 'the match count decremented'). */
    onRemoved: (productId: string) => {
      setProducts((current) => current.filter((product) => product.id !== productId));
      setCounts((current) => ({ catalogue: current.catalogue - 1, matches: current.matches - 1 }));
    },
    onStoreChange: (productId: string, inStore: boolean) =>
      setProducts((current) => current.map((product) => (product.id === productId ? { ...product, in_store: inStore } : product))),
  };

  return (
    <Container size="xl" py="lg">
      <Stack>
        <Group justify="space-between" align="flex-end" wrap="wrap">
          <Box>
            <Button
              component={Link}
              to={shopHref(basePath, "/catalogos")}
              variant="subtle"
              px={0}
              leftSection={<IconArrowLeft size={16} />}
            >
              {t("back_to_catalogues")}
            </Button>
            <Title order={1} size="h2">
              {catalogue.name}
            </Title>
            <Text c="dimmed" size="sm">
              {productCount(t, counts.catalogue)}
            </Text>
          </Box>
          <Group gap="xs">
            <CatalogueShare shopSlug={shop.slug} name={catalogue.name} path={path} canShorten={!!admin} />
            {admin && (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t("add_to_catalogue")}
              </Button>
            )}
            {admin && isResellerStore(admin.shop) && <PickerButton shop={admin.shop} catalogueId={catalogue.id} />}
            {admin && user?.user_level === 2 && (
              <Button variant="light" leftSection={<IconCopy size={16} />} onClick={() => setDuplicating(true)}>
                {t("duplicate_catalogue")}
              </Button>
            )}
          </Group>
        </Group>
        <Group gap="sm" wrap="wrap">
          <Form method="get" role="search" style={{ flex: 1, minWidth: 220, maxWidth: 420 }}>
            <TextInput
              name="text"
              defaultValue={text}
              placeholder={t("search_catalogue")}
              aria-label={t("search_catalogue")}
              leftSection={<IconSearch size={16} />}
            />
          </Form>
          <Select
            aria-label={t("select_catalogue")}
            placeholder={t("select_catalogue")}
            value={catalogue.slug}
            allowDeselect={false}
            onChange={(slug) => slug && navigate(catalogueHref(basePath, slug))}
            data={catalogues.map((item) => ({ value: item.slug, label: item.name }))}
            maw={280}
          />
        </Group>
        <Box pos="relative">
          <LoadingOverlay
            visible={updating}
            zIndex={50}
            overlayProps={{ blur: 1 }}
            loaderProps={{ children: <Text fw={600}>{t("updating")}…</Text> }}
          />
          {admin ? (
            products.length === 0 ? (
              <Text c="dimmed" ta="center" py={60}>
                {t("catalogue_empty")}
              </Text>
            ) : (
              <SimpleGrid cols={{ base: 2, sm: 3, md: 4, lg: 5 }} spacing={{ base: "sm", md: "md" }}>
                {products.map((product) => (
                  <Box key={product.id}>
                    <ProductCard product={product} basePath={basePath} now={new Date(now)} />
                    <CatalogueItemControls
                      shopSlug={shop.slug}
                      shopId={shop.id}
                      catalogueId={catalogue.id}
                      product={product}
                      total={counts.matches}
                      isProxy={shop.is_proxy}
                      actions={actions}
                    />
                  </Box>
                ))}
              </SimpleGrid>
            )
          ) : (
            <ProductGrid products={products} basePath={basePath} now={new Date(now)} />
          )}
        </Box>
        <ListingPagination page={page} total={counts.matches} pageSize={catalogueProductsPerPage} />
      </Stack>
      {admin && (
        <AddProductsModal
          shopSlug={shop.slug}
          catalogueId={catalogue.id}
          present={new Set(products.map((product) => product.id))}
          opened={adding}
          onClose={() => setAdding(false)}
          onAdded={() => revalidator.revalidate()}
        />
      )}
      {admin && duplicating && (
        <DuplicateCatalogueModal
          shopSlug={shop.slug}
          basePath={basePath}
          origin={catalogue}
          opened={duplicating}
          onClose={() => setDuplicating(false)}
        />
      )}
    </Container>
  );
}
