import { Button, Card, Grid, Group, SegmentedControl, Select, Stack, TextInput, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { productNameMax } from "@tianguis/domain/rules/product-form";
import type { DigitalFileView } from "@tianguis/domain/schemas/download";
import type { ProductType, ProductView } from "@tianguis/domain/schemas/product";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { catalogApi } from "@tianguis/domain/routes/catalog";
import { ApiRequestError, api } from "../../lib/api/client";
import { useT } from "../../lib/i18n";
import { type ProductFormState, bodyOf, emptyForm, formOf } from "./form-state";
import { DigitalFileField } from "./DigitalFileField";
import { type PhotoItem, PhotosField } from "./PhotosField";
import { PackageFields } from "./PackageFields";
import { PricingStockFields } from "./PricingStockFields";
import { ReturnFields } from "./ReturnFields";
import { SatKeysFields } from "./SatKeysFields";
import { VariantsField } from "./VariantsField";
import { isUsablePhoto } from "./photo-check";

export const goodsTypes: ProductType[] = ["product", "digital", "experience"];

function photosOf(product: ProductView | null): PhotoItem[] {
  return (product?.images ?? []).map((image) => ({ key: image.id, src: image.thumb, imageId: image.id }));
}

/**
 * Create or edit an item with every Product field; photos upload through the image service after saving. Photos are
 * checked when chosen, and a new item stays unpublished until its photos are stored, so it is never half saved.
 */
export function ProductForm({
  shopSlug,
  product,
  initialType,
  editPath,
  digitalFile = null,
}: {
  shopSlug: string;
  product: ProductView | null;
  initialType: ProductType;
  editPath: (product: ProductView) => string;
  /** The file a saved digital item delivers after payment. */
  digitalFile?: DigitalFileView | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [state, setState] = useState<ProductFormState>(() => (product ? formOf(product) : emptyForm(initialType)));
  const [photos, setPhotos] = useState<PhotoItem[]>(() => photosOf(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadFailed, setUploadFailed] = useState(false);
  const set = (patch: Partial<ProductFormState>) => setState((current) => ({ ...current, ...patch }));
  const formRef = useRef<HTMLFormElement>(null);
  // After a refused save, take the seller to the first field the server marked.
  useEffect(() => {
    if (Object.keys(errors).length > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const upload = async (productId: string, files: File[]): Promise<ProductView | null> => {
    if (files.length === 0) return null;
    const form = new FormData();
    for (const file of files) form.append("photos", file, file.name);
    setUploading(true);
    try {
      setUploadFailed(false);
      return await api(catalogApi.addPhotos, { params: { slug: shopSlug, id: productId }, body: form });
    } catch (error) {
      setUploadFailed(true);
      const message = error instanceof ApiRequestError ? error.body.message : t("photo_upload_failed");
      notifications.show({ color: "red", title: t("error_title"), message, autoClose: 10_000 });
      return null;
    } finally {
      setUploading(false);
    }
  };

  const rejectPhotos = () => {
    setUploadFailed(true);
    notifications.show({ color: "red", title: t("error_title"), message: t("image_rejected_product"), autoClose: 10_000 });
  };

  const addPhotos = async (chosen: File[]) => {
    const usable = await Promise.all(chosen.map(isUsablePhoto));
    const files = chosen.filter((_, index) => usable[index]);
    if (files.length < chosen.length || files.length === 0) rejectPhotos();
    else setUploadFailed(false);
    if (files.length === 0) return;
    if (!product) {
      setPhotos((current) => [
        ...current,
        ...files.map((file) => ({ key: `${file.name}-${file.size}-${Math.random()}`, src: URL.createObjectURL(file), file })),
      ]);
      return;
    }
    const updated = await upload(product.id, files);
    if (updated) setPhotos(photosOf(updated));
  };

  const removePhoto = async (photo: PhotoItem) => {
    if (!photo.imageId || !product) {
      setPhotos((current) => current.filter((item) => item.key !== photo.key));
      return;
    }
    try {
      setPhotos(photosOf(await api(catalogApi.deletePhoto, { params: { slug: shopSlug, id: product.id, imageId: photo.imageId } })));
    } catch (error) {
      notifications.show({
        color: "red",
        title: t("error_title"),
        message: error instanceof ApiRequestError ? error.body.message : t("unknown"),
      });
    }
  };

  /** A new item with photos is created unpublished and takes the seller's list state only once its photos are stored. */
  const create = async () => {
    const body = bodyOf(state);
    const files = photos.flatMap((photo) => (photo.file ? [photo.file] : []));
    const created = await api(catalogApi.create, {
      params: { slug: shopSlug },
      body: files.length > 0 ? { ...body, list_state: "unpublished" } : body,
    });
    if (files.length > 0) {
      if (!(await upload(created.id, files))) {
        notifications.show({ color: "yellow", message: t("product_kept_unpublished"), autoClose: 10_000 });
        navigate(editPath(created), { replace: true });
        return;
      }
      if (body.list_state !== "unpublished") await api(catalogApi.update, { params: { slug: shopSlug, id: created.id }, body });
    }
    // A photo refused earlier is no longer part of the item: 'created' replaces its message rather than sitting beside it.
    notifications.clean();
    notifications.show({ color: "teal", title: t("success_title"), message: t("product_created") });
    navigate(editPath(created), { replace: true });
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      if (!product) return await create();
      const saved = await api(catalogApi.update, { params: { slug: shopSlug, id: product.id }, body: bodyOf(state) });
      notifications.show({ color: "teal", title: t("success_title"), message: t("product_saved") });
      navigate(editPath(saved));
    } catch (error) {
      if (error instanceof ApiRequestError) {
        setErrors((error.body.fields as Record<string, string> | undefined) ?? {});
        notifications.show({ color: "red", title: t("error_title"), message: error.body.message });
      } else notifications.show({ color: "red", title: t("error_title"), message: t("unknown") });
    } finally {
      setSaving(false);
    }
  };

  const isService = state.type === "service";
  return (
    <form ref={formRef} onSubmit={submit} noValidate>
      <Grid gutter="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                {!isService && (
                  <SegmentedControl
                    aria-label={t("field_type")}
                    value={state.type}
                    onChange={(value) => set({ type: value as ProductType })}
                    data={goodsTypes.map((type) => ({ value: type, label: t(`type_${type}`) }))}
                  />
                )}
                <TextInput
                  label={t("field_name")}
                  value={state.name}
                  onChange={(event) => set({ name: event.currentTarget.value })}
                  error={errors.name}
                  maxLength={productNameMax}
                  required
                />
                <Textarea
                  label={t("field_description")}
                  value={state.description}
                  onChange={(event) => set({ description: event.currentTarget.value })}
                  error={errors.description}
                  autosize
                  minRows={4}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label={t("field_category")}
                    value={state.category}
                    onChange={(event) => set({ category: event.currentTarget.value })}
                    maxLength={80}
                  />
                  <Select
                    label={t("field_main_type")}
                    value={state.main_type}
                    onChange={(value) => set({ main_type: (value ?? "business") as ProductFormState["main_type"] })}
                    data={[
                      { value: "business", label: t("main_type_business") },
                      { value: "personal", label: t("main_type_personal") },
                    ]}
                    allowDeselect={false}
                  />
                </Group>
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <PricingStockFields state={state} set={set} errors={errors} />
            </Card>
            {state.type === "product" && (
              <Card withBorder radius="md" padding="lg">
                <PackageFields state={state} set={set} errors={errors} />
              </Card>
            )}
            <Card withBorder radius="md" padding="lg">
              <SatKeysFields state={state} set={set} errors={errors} />
            </Card>
            <Card withBorder radius="md" padding="lg">
              <VariantsField value={state.variants} onChange={(variants) => set({ variants })} />
            </Card>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="lg">
            <Card withBorder radius="md" padding="lg">
              <PhotosField photos={photos} busy={uploading} failed={uploadFailed} onAdd={addPhotos} onRemove={removePhoto} />
            </Card>
            {state.type === "digital" && (
              <Card withBorder radius="md" padding="lg">
                <DigitalFileField shopSlug={shopSlug} productId={product?.type === "digital" ? product.id : null} initial={digitalFile} />
              </Card>
            )}
            <Card withBorder radius="md" padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {t("return_policy_title")}
                </Title>
                <ReturnFields value={state.return_info} onChange={(return_info) => set({ return_info })} />
              </Stack>
            </Card>
            <Card withBorder radius="md" padding="lg">
              <Select
                label={t("field_list_state")}
                value={state.list_state}
                onChange={(value) => set({ list_state: (value ?? "published") as ProductFormState["list_state"] })}
                data={(["published", "unpublished", "hidden"] as const).map((value) => ({ value, label: t(`list_state_${value}`) }))}
                allowDeselect={false}
              />
            </Card>
            <Button type="submit" size="md" loading={saving} disabled={uploading}>
              {t("save_product")}
            </Button>
          </Stack>
        </Grid.Col>
      </Grid>
    </form>
  );
}
