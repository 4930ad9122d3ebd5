import { data } from "react-router";
import { useShop } from "../features/shop/useShop";
import { ErrorPage } from "../ui/ErrorPage";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Página no encontrada!" }];

export default function NotFound() {
  const shopContext = useShop();
  return <ErrorPage kind="page" backTo={shopContext ? shopContext.basePath || "/" : "/"} />;
}
