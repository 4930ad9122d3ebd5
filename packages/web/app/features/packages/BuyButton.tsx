import { Button, type ButtonProps } from "@mantine/core";
import type { PackageView } from "@tianguis/domain/schemas/package";
import { Link } from "react-router";
import { useT } from "../../lib/i18n";
import { usePackagePurchase } from "./usePackagePurchase";

/** 'Comprar ahora': buys when signed in; a visitor goes to sign in (or sign up) and comes back to the package (§6). */
export function BuyButton({ pkg, signedIn, variant = "filled", size = "md" }: { pkg: PackageView; signedIn: boolean } & ButtonProps) {
  const t = useT();
  const purchase = usePackagePurchase();
  if (!signedIn)
    return (
      <Button component={Link} to={`/login?next=${encodeURIComponent(`/apps/paquetes/${pkg.id}`)}`} variant={variant} size={size}>
        {t("package_buy")}
      </Button>
    );
  return (
    <Button onClick={() => purchase.buy(pkg.id)} loading={purchase.busy === pkg.id} variant={variant} size={size}>
      {t("package_buy")}
    </Button>
  );
}
