import { Container, Stack } from "@mantine/core";
import { useLocation } from "react-router";
import { useT } from "../../lib/i18n";
import { PageHeader } from "../../ui/PageHeader";
import { ImportCurrent } from "./ImportCurrent";
import { ImportHistory } from "./ImportHistory";
import { ImportUpload } from "./ImportUpload";
import type { loadShopImports } from "./imports.server";

type PageData = Pick<Awaited<ReturnType<typeof loadShopImports>>, "imports" | "current"> & { shop: { slug: string; name: string } };

/**
 * Product imports (issue 29 §1) at {shop}/admin/inventario/cargas and /apps/me/dssupplier/products/cargas: the template,
 * the file to check, the dry run and the job's progress of the import the page follows, and past imports.
 */
export function ImportsPage({ shop, imports, current }: PageData) {
  const t = useT();
  const location = useLocation();
  const query = (id: string) => {
    const search = new URLSearchParams(location.search);
    search.set("carga", id);
    return `?${search}`;
  };
  return (
    <Container size="md" py="lg" px={{ base: "sm", sm: "md" }}>
      <Stack gap="lg">
        <PageHeader title={t("imports_title")} description={`${shop.name} · ${t("imports_intro")}`} />
        <ImportUpload slug={shop.slug} />
        {current && <ImportCurrent key={current.id} slug={shop.slug} current={current} />}
        <ImportHistory slug={shop.slug} imports={imports} query={query} />
      </Stack>
    </Container>
  );
}
