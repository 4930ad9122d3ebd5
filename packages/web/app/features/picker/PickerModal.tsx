import {
  Alert,
  Avatar,
  Badge,
  Button,
  CloseButton,
  Group,
  Modal,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { IconSearch } from "@tabler/icons-react";
import { cataloguesApi } from "@tianguis/domain/routes/catalogues";
import { resellerApi } from "@tianguis/domain/routes/reseller";
import { hasOwnSupplier, mayResell, pickerTitle } from "@tianguis/domain/rules/reseller";
import type { ProductType } from "@tianguis/domain/schemas/product";
import { categoryPageSize, supplierPageSize } from "@tianguis/domain/rules/reseller";
import type { DssupplierView, ResaleCategory } from "@tianguis/domain/schemas/reseller";
import { useCallback, useState } from "react";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { usePending } from "../../lib/usePending";
import { notifyWarning } from "../../ui/notify";
import { useMutation } from "../../ui/useMutation";
import { AddAllControl } from "./AddAllControl";
import { InfiniteCombobox } from "./InfiniteCombobox";
import { PickerRow } from "./PickerRow";
import { usePickerSearch } from "./usePickerSearch";

export interface PickerShop {
  slug: string;
  store_type: string | null;
}

/**
 * The add-products modal (commerce-and-accounts §2 'Reseller picker', §4, §8, §9): large and centred (full screen on
 * phones), titled by item type. Search, category and supplier filters, a summary line, product rows with add / remove
 * and undo, 'add all' and 'see all'; franchise stores switch between 'Mis productos' and 'Otros proveedores'.
 * Opened from a catalogue, a single add also puts the item in that catalogue and 'add all' offers it first.
 */
export function PickerModal({
  shop,
  type,
  opened,
  onClose,
  catalogueId,
}: {
  shop: PickerShop;
  type: ProductType;
  opened: boolean;
  /** `changed`: something was added or removed, so the page behind should reload. */
  onClose: (changed: boolean) => void;
  catalogueId?: string;
}) {
  const t = useT();
  const phone = useMediaQuery("(max-width: 48em)");
  const search = usePickerSearch(shop.slug, type, opened);
  const { filters, setFilters } = search;
  const [overrides, setOverrides] = useState<Map<string, boolean>>(new Map());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const { isPending, schedule, undo } = usePending(5000);
  const { run } = useMutation();
  const now = new Date();
  const franchise = hasOwnSupplier({ storeType: shop.store_type });

  const setInStore = (id: string, value: boolean) => {
    setOverrides((current) => new Map(current).set(id, value));
    setChanged(true);
  };

  const add = async (productId: string) => {
    setBusyId(productId);
    const call: () => Promise<unknown> = catalogueId
      ? () => api(cataloguesApi.addProduct, { params: { slug: shop.slug, id: catalogueId }, body: { product_id: productId } })
      : () => api(cataloguesApi.addToShop, { params: { slug: shop.slug }, body: { product_id: productId } });
    await run(call, {
      success: catalogueId ? "product_added_to_catalogue" : "product_added_to_store",
      failure: "product_error",
      apiMessage: false,
      revalidate: false,
      onSuccess: () => setInStore(productId, true),
      onError: (error) => {
        if (error instanceof ApiRequestError && error.body.code === "invalid_product") {
          notifyWarning(t("error_title"), t(`invalid_product_${type}`), 5000);
          return true;
        }
        if (error instanceof ApiRequestError && ["reseller_access_required", "experience_concluded"].includes(error.body.code)) {
          notifyWarning(t("error_title"), error.body.message, 5000);
          return true;
        }
        return false;
      },
    });
    setBusyId(null);
  };

  const remove = (productId: string) =>
    schedule(productId, () =>
      run(() => api(cataloguesApi.removeFromShop, { params: { slug: shop.slug, productId } }), {
        success: "product_removed_from_store",
        failure: "product_error",
        apiMessage: false,
        revalidate: false,
        onSuccess: () => setInStore(productId, false),
      }),
    );

  const fetchCategories = useCallback(
    (name: string, offset: number) =>
      api(resellerApi.categories, {
        params: { slug: shop.slug },
        query: { name: name || undefined, type, scope: filters.scope, offset, limit: categoryPageSize },
      }),
    [shop.slug, type, filters.scope],
  );
  const fetchSuppliers = useCallback(
    (text: string, offset: number) =>
      api(resellerApi.dssuppliers, {
        params: { slug: shop.slug },
        query: { text: text || undefined, type, offset, limit: supplierPageSize },
      }),
    [shop.slug, type],
  );

  const requestAccess = (supplier: DssupplierView) =>
    run(() => api(resellerApi.requestAccess, { params: { slug: shop.slug, supplierId: supplier.id } }), {
      success: "picker_access_requested",
      revalidate: false,
      onSuccess: (updated) => setFilters((current) => ({ ...current, supplier: updated })),
    });

  const close = () => {
    onClose(changed);
    setChanged(false);
    setOverrides(new Map());
  };

  const afterBulk = () => {
    setChanged(true);
    setOverrides(new Map());
    search.reset();
    void search.reload();
  };

  const active = !!(filters.text || filters.category || filters.supplier);
  const supplier = filters.scope === "others" ? filters.supplier : null;
  const restricted = supplier && !mayResell(supplier.access) ? supplier : null;
  const { results, total } = search;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t(pickerTitle(type))}
      size="xl"
      centered
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <Stack gap="sm">
        {franchise && (
          <SegmentedControl
            fullWidth
            value={filters.scope}
            onChange={(value) =>
              setFilters((current) => ({ ...current, scope: value as "mine" | "others", category: null, supplier: null }))
            }
            data={[
              { value: "mine", label: t("picker_mine") },
              { value: "others", label: t("picker_others") },
            ]}
          />
        )}
        <TextInput
          label={t("picker_search")}
          placeholder={t("picker_search")}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.input}
          onChange={(event) => search.setInput(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              search.applyNow();
            }
          }}
          data-autofocus
        />
        <SimpleGrid cols={{ base: 1, xs: filters.scope === "others" ? 2 : 1 }} spacing="sm">
          <InfiniteCombobox<ResaleCategory>
            label={t("picker_category")}
            placeholder={t("picker_category_placeholder")}
            searchPlaceholder={t("picker_category")}
            emptyText={t("picker_category_not_found")}
            loadMoreText={t("picker_load_more")}
            value={filters.category}
            pageSize={categoryPageSize}
            fetchPage={fetchCategories}
            renderOption={(category) => <Text size="sm">{category.name}</Text>}
            onSelect={(category) => setFilters((current) => ({ ...current, category: category.name }))}
          />
          {filters.scope === "others" && (
            <InfiniteCombobox<DssupplierView>
              label={t("picker_supplier")}
              placeholder={t("picker_supplier_placeholder")}
              searchPlaceholder={t("picker_supplier_placeholder")}
              emptyText={t("picker_supplier_not_found")}
              loadMoreText={t("picker_load_more")}
              value={filters.supplier?.name ?? null}
              pageSize={supplierPageSize}
              fetchPage={fetchSuppliers}
              renderOption={(option) => (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={option.image} size={40} radius="sm" alt="" />
                  <Text size="sm" style={{ flex: 1 }}>
                    {option.name}
                  </Text>
                  {!mayResell(option.access) && (
                    <Badge size="xs" variant="light" color={option.access === "pending" ? "blue" : "gray"}>
                      {t(option.access === "pending" ? "picker_access_pending" : "picker_request_access")}
                    </Badge>
                  )}
                </Group>
              )}
              onSelect={(option) => setFilters((current) => ({ ...current, supplier: option }))}
            />
          )}
        </SimpleGrid>
        {(filters.category || supplier) && (
          <Group gap="xs">
            {filters.category && (
              <FilterChip
                label={filters.category}
                removeLabel={t("picker_remove_category", { name: filters.category })}
                onRemove={() => setFilters((current) => ({ ...current, category: null }))}
              />
            )}
            {supplier && (
              <FilterChip
                label={supplier.name}
                removeLabel={t("picker_remove_supplier", { name: supplier.name })}
                onRemove={() => setFilters((current) => ({ ...current, supplier: null }))}
              />
            )}
          </Group>
        )}
        {restricted && (
          <Alert color="blue" title={restricted.name}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t("reseller_access_required")}</Text>
              {restricted.access === "pending" ? (
                <Badge color="blue">{t("picker_access_pending")}</Badge>
              ) : (
                <Button size="xs" onClick={() => void requestAccess(restricted)}>
                  {t("picker_request_access")}
                </Button>
              )}
            </Stack>
          </Alert>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed" role="status" aria-live="polite">
            {results === null ? " " : summary(t, total, filters.text, filters.category, supplier?.name ?? null)}
          </Text>
          <Group gap="xs">
            {active && (
              <Button variant="subtle" size="xs" onClick={search.reset}>
                {t("picker_see_all")}
              </Button>
            )}
            <AddAllControl
              shopSlug={shop.slug}
              filters={{
                type,
                scope: filters.scope,
                text: filters.text || undefined,
                category: filters.category ?? undefined,
                dssupplier: supplier?.id,
              }}
              total={total}
              defaultCatalogueId={catalogueId}
              onDone={afterBulk}
            />
          </Group>
        </Group>
        <Stack gap={0} mih={200}>
          {results === null ? (
            [0, 1, 2, 3].map((index) => <Skeleton key={index} h={88} my={4} />)
          ) : results.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {t("picker_no_results")}
            </Text>
          ) : (
            results.map((product) => (
              <PickerRow
                key={product.id}
                product={product}
                inStore={overrides.get(product.id) ?? product.in_store}
                busy={busyId === product.id}
                removing={isPending(product.id)}
                now={now}
                onAdd={() => void add(product.id)}
                onRemove={() => remove(product.id)}
                onUndo={() => undo(product.id)}
              />
            ))
          )}
          {search.hasMore && (
            <Button variant="light" mt="sm" onClick={() => void search.loadMore()} loading={search.loadingMore}>
              {t("picker_load_more")}
            </Button>
          )}
        </Stack>
      </Stack>
    </Modal>
  );
}

/** The summary line: '{n} resultados para «text» en {category} de {supplier}' (past 1000 the count is an estimate). */
function summary(t: ReturnType<typeof useT>, total: number, text: string, category: string | null, supplier: string | null): string {
  const parts = [t("picker_matches", { count: total.toLocaleString("es-MX") })];
  if (text) parts.push(t("picker_matches_for", { text }));
  if (category) parts.push(t("picker_in_category", { name: category }));
  if (supplier) parts.push(t("picker_from_supplier", { name: supplier }));
  return parts.join(" ");
}

/** An active filter as a removable chip; the remove button is a real, labelled button (keyboard and screen readers). */
function FilterChip({ label, removeLabel, onRemove }: { label: string; removeLabel: string; onRemove: () => void }) {
  return (
    <Badge
      size="lg"
      variant="light"
      tt="none"
      pr={4}
      rightSection={<CloseButton size="sm" variant="transparent" aria-label={removeLabel} onClick={onRemove} />}
    >
      {label}
    </Badge>
  );
}
