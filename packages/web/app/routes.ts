import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

/**
 * The spec's route table. Shop pages exist twice: under /tienda/{slug}/ and at the root of a shop's
 * sub-domain ({slug}.localhost:3000); both trees use the same modules with their own ids.
 */
const shopPages = (tree: string) => [
  route("productos", "routes/shop-listing.tsx", { id: `${tree}-productos` }),
  route("servicios", "routes/shop-listing.tsx", { id: `${tree}-servicios` }),
  route("experiencias", "routes/shop-listing.tsx", { id: `${tree}-experiencias` }),
  route("digitales", "routes/shop-listing.tsx", { id: `${tree}-digitales` }),
  route("productos/:owner/:productId", "routes/shop-product.tsx", { id: `${tree}-producto` }),
  route("servicios/:owner/:productId", "routes/shop-product.tsx", { id: `${tree}-servicio` }),
  route("experiencias/:owner/:productId", "routes/shop-product.tsx", { id: `${tree}-experiencia` }),
  route("digitales/:owner/:productId", "routes/shop-product.tsx", { id: `${tree}-digital` }),
  route("catalogos", "routes/shop-catalogues.tsx", { id: `${tree}-catalogos` }),
  route("catalogos/:catalogueSlug", "routes/shop-catalogue.tsx", { id: `${tree}-catalogo` }),
  // The shop's blog (commerce-and-accounts §7); /blogs/crear is the spec's admin-only path, resolved in the shop's context.
  route("blogs", "routes/shop-blogs.tsx", { id: `${tree}-blogs` }),
  route("blogs/crear", "routes/shop-blog-edit.tsx", { id: `${tree}-blogs-crear` }),
  route("blogs/:entrySlug", "routes/shop-blog-entry.tsx", { id: `${tree}-blog` }),
  route("blogs/:entrySlug/editar", "routes/shop-blog-edit.tsx", { id: `${tree}-blog-editar` }),
  route("admin/blogs", "routes/shop-admin-blogs.tsx", { id: `${tree}-admin-blogs` }),
  route("admin/configuracion", "routes/shop-admin-settings.tsx", { id: `${tree}-admin-configuracion` }),
  route("admin/banners", "routes/shop-admin-banners.tsx", { id: `${tree}-admin-banners` }),
  route("admin/reventa", "routes/shop-admin-dropshipping.tsx", { id: `${tree}-admin-reventa` }),
  route("admin/ordenes", "routes/shop-admin-orders.tsx", { id: `${tree}-admin-ordenes` }),
  route("admin/ordenes/:orderId", "routes/shop-admin-order.tsx", { id: `${tree}-admin-orden` }),
  route("admin/comisiones", "routes/shop-admin-commissions.tsx", { id: `${tree}-admin-comisiones` }),
  route("admin/opiniones", "routes/shop-admin-reviews.tsx", { id: `${tree}-admin-opiniones` }),
  route("admin/devoluciones", "routes/shop-admin-returns.tsx", { id: `${tree}-admin-devoluciones` }),
  route("admin/entradas", "routes/shop-admin-checkin.tsx", { id: `${tree}-admin-entradas` }),
  route("admin/colaboradores", "routes/shop-admin-collaborators.tsx", { id: `${tree}-admin-colaboradores` }),
  route("carrito", "routes/shop-cart.tsx", { id: `${tree}-carrito` }),
  route("comprar", "routes/shop-checkout.tsx", { id: `${tree}-comprar` }),
  // storefront-and-admin L27: a path containing comprar-articulo is the checkout too.
  route("comprar-articulo/*", "routes/shop-checkout.tsx", { id: `${tree}-comprar-articulo` }),
  route("pagado", "routes/shop-paid.tsx", { id: `${tree}-pagado` }),
  // The customer's purchases; in the site tree these are also the marketplace's /mis-compras pages.
  route("mis-compras", "routes/my-purchases.tsx", { id: `${tree}-mis-compras` }),
  route("mis-compras/:checkoutId", "routes/purchase-detail.tsx", { id: `${tree}-mis-compra` }),
  route("promoted", "routes/shop-promoted.tsx", { id: `${tree}-promoted` }),
  // Store footer pages (spec §2); on a sub-domain /terms is routes/terms.tsx, which shows the shop's terms there.
  ...["acerca", "privacidad", "copyright", ...(tree === "site" ? [] : ["terms"])].map((page) =>
    route(page, "routes/shop-info-page.tsx", { id: `${tree}-${page}` }),
  ),
  route("contacto", "routes/shop-contact.tsx", { id: `${tree}-contacto` }),
  // The menu's 'Contacto' of a franchise shop is {base}/info (storefront-and-admin L66): the same contact page.
  route("info", "routes/shop-contact.tsx", { id: `${tree}-info` }),
  route("admin/paginas", "routes/shop-admin-pages.tsx", { id: `${tree}-admin-paginas` }),
  route("franquicias", "routes/shop-franchises.tsx", { id: `${tree}-franquicias` }),
  route("admin/franquicias", "routes/shop-admin-franchises.tsx", { id: `${tree}-admin-franquicias` }),
  route("admin/monedero/:walletTypeId", "routes/shop-admin-wallet.tsx", { id: `${tree}-admin-monedero` }),
  // Contacts (issue 29 §3): the list and one contact, where the CRM alerts lead in the shop's view.
  route("admin/contactos", "routes/shop-admin-contacts.tsx", { id: `${tree}-admin-contactos` }),
  route("admin/actividad", "routes/shop-admin-activity.tsx", { id: `${tree}-admin-actividad` }),
  route("admin/contactos/:contactId", "routes/shop-admin-contact.tsx", { id: `${tree}-admin-contacto` }),
  route("admin/facturas", "routes/shop-admin-invoices.tsx", { id: `${tree}-admin-facturas` }),
  route("admin/inventario/cargas", "routes/shop-admin-imports.tsx", { id: `${tree}-admin-inventario-cargas` }),
  // The seller's dashboard and the exports pages (issue 29 §2, §4; alert targets of completed exports).
  route("admin", "routes/shop-admin-dashboard.tsx", { id: `${tree}-admin` }),
  route("admin/reportes/ordenes", "routes/shop-admin-reports.tsx", { id: `${tree}-admin-reportes-ordenes` }),
  route("admin/inventario/reportes", "routes/shop-admin-reports.tsx", { id: `${tree}-admin-inventario-reportes` }),
];

/** The business network's card links (spec §2 routes table); each opens the item in its owner's store. */
const networkItemLinks = () => [
  route("negocios/:business", "routes/network-item.tsx", { id: "network-business" }),
  ...["negocios/:business", "profiles/:profile", "web/:site", ""].flatMap((prefix) =>
    ["products", "services"].map((kind) =>
      route(`${prefix ? `${prefix}/` : ""}${kind}/:productId`, "routes/network-item.tsx", {
        id: `network-${prefix.split("/")[0] || "plain"}-${kind}`,
      }),
    ),
  ),
];

/** Accounts (commerce-and-accounts §2): sign-up, PIN activation, login, password recovery, profile, terms, dev outbox. */
const accountPages = () => [
  route("register", "routes/register.tsx", { id: "register" }),
  route("register/activate", "routes/register-activate.tsx", { id: "register-activate" }),
  route("register/complete", "routes/register-complete.tsx", { id: "register-complete" }),
  route("login", "routes/login.tsx", { id: "login" }),
  route("password/forgot", "routes/password-forgot.tsx", { id: "password-forgot" }),
  route("password/reset", "routes/password-reset.tsx", { id: "password-reset" }),
  route("preferencias", "routes/preferencias.tsx", { id: "preferencias" }),
  route("terms", "routes/terms.tsx", { id: "terms" }),
  route("dev/outbox", "routes/dev-outbox.tsx", { id: "dev-outbox" }),
  // Support centre (commerce-and-accounts §2) and the platform admin's shops page (disabled shops).
  route("ayuda", "routes/help.tsx", { id: "help" }),
  route("ayuda/proveedores/deshabilitado", "routes/help-disabled-shop.tsx", { id: "help-disabled-shop" }),
  route("plataforma/tiendas", "routes/platform-shops.tsx", { id: "platform-shops" }),
  route("plataforma/coordinadores", "routes/platform-coordinators.tsx", { id: "platform-coordinators" }),
  route("plataforma/tiendas/:slug/suscripcion", "routes/platform-shop-subscription.tsx", { id: "platform-shop-subscription" }),
];

/** Plan landings, the default landings, the entrepreneur assistants and membership packages (commerce-and-accounts §2). */
const onboardingPages = () => [
  ...["tiendaenlinea", "negociodigital", "mkt/facturacion", "proveedores", "emprendedores"].map((path) =>
    route(path, "routes/landing.tsx", { id: `landing-${path.replace("/", "-")}` }),
  ),
  route("asistentes/emprendedores", "routes/assistants.tsx", { id: "assistants" }),
  route("apps/paquetes", "routes/packages.tsx", { id: "packages" }),
  route("apps/paquetes/:packageId", "routes/package.tsx", { id: "package" }),
  route("apps/paquetes/:packageId/pagar", "routes/package-pay.tsx", { id: "package-pay" }),
];

export default [
  route("logout", "routes/logout.tsx", { id: "logout" }),
  route("tienda/:shopSlug", "routes/shop-layout.tsx", { id: "shop-path" }, [
    index("routes/shop-home.tsx", { id: "shop-path-home" }),
    ...shopPages("shop-path"),
    route("*", "routes/not-found.tsx", { id: "shop-path-not-found" }),
  ]),
  layout("routes/site-layout.tsx", { id: "site" }, [
    index("routes/home.tsx"),
    ...shopPages("site"),
    route("apps/me/products", "routes/my-products.tsx", { id: "my-products" }),
    route("apps/me/products/create", "routes/product-create.tsx", { id: "my-products-create" }),
    route("apps/me/products/services/create", "routes/product-create.tsx", { id: "my-services-create" }),
    route("apps/me/products/:productId/edit", "routes/product-edit.tsx", { id: "my-products-edit" }),
    route("apps/me/products/services/:productId/edit", "routes/product-edit.tsx", { id: "my-services-edit" }),
    route("apps/me/referral", "routes/referral-products.tsx", { id: "referral" }),
    route("apps/me/referral/resale/plans", "routes/referral-plans.tsx", { id: "referral-plans" }),
    route("apps/me/referral/resale/catalogues", "routes/referral-catalogues.tsx", { id: "referral-catalogues" }),
    route("apps/me/referral/campaigns", "routes/referral-campaigns.tsx", { id: "referral-campaigns" }),
    route("apps/me/ganancias", "routes/my-earnings.tsx", { id: "my-earnings" }),
    route("apps/me/suscripcion", "routes/my-subscription.tsx", { id: "my-subscription" }),
    route("apps/me/suscripcion/recibos/:chargeId", "routes/my-subscription-receipt.tsx", { id: "my-subscription-receipt" }),
    route("apps/me/colaboraciones", "routes/my-collaborations.tsx", { id: "my-collaborations" }),
    route("apps/me/store/orders/:orderId", "routes/my-shop-order-redirect.tsx", { id: "my-store-order" }),
    route("apps/me/dssupplier/orders/:orderId", "routes/my-shop-order-redirect.tsx", { id: "my-dssupplier-order" }),
    route("apps/me/dssupplier/products/cargas", "routes/my-imports.tsx", { id: "my-dssupplier-imports" }),
    route("apps/me/store/reports/orders", "routes/my-reports.tsx", { id: "my-store-reports" }),
    route("shopping-cart/orders/:orderId", "routes/customer-order.tsx", { id: "customer-order" }),
    route("me/payments/:paymentToken", "routes/payment-token.tsx", { id: "payment-token" }),
    route("me/wallet/:walletTypeId", "routes/my-wallet.tsx", { id: "my-wallet" }),
    route("me/sms/packages", "routes/my-sms-packages.tsx", { id: "my-sms-packages" }),
    route("mis-direcciones", "routes/my-addresses.tsx", { id: "my-addresses" }),
    route("facturas", "routes/my-invoices.tsx", { id: "my-invoices" }),
    route("red-comercial", "routes/network-businesses.tsx", { id: "network-businesses" }),
    route("products", "routes/network-products.tsx", { id: "network-products" }),
    // Contacts outside a shop's view (issue 29 §3): a contact's page and the referral area's referred list.
    route("apps/me/crm/clients/detail/:contactId", "routes/crm-contact.tsx", { id: "crm-contact" }),
    route("apps/me/referral/referred", "routes/referral-referred.tsx", { id: "referral-referred" }),
    ...networkItemLinks(),
    ...accountPages(),
    ...onboardingPages(),
    route("*", "routes/not-found.tsx", { id: "site-not-found" }),
  ]),
] satisfies RouteConfig;
