import { seedDemoOrders } from "./demo-orders";
import { seedDemoInvoices } from "./demo-invoices";
import { seedDemoReviews } from "./demo-reviews";
import { seedDemoBlog } from "./demo-blog";
import { seedDemoReferral } from "./demo-referral";
import { seedDemoSupport } from "./demo-support";
import { seedDemoFranchises } from "./demo-franchises";
import { seedDemoWallet } from "./demo-wallet";
import { seedDemoSms } from "./demo-sms";
import { seedDemoContacts } from "./demo-contacts";
import { seedDemoBackOffice } from "./demo-back-office";
import { seedDropshippingSuppliers } from "./dropshipping";
import { seedDemoCatalogues } from "./demo-catalogues";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { productImages, products, storeProducts } from "../db/schema/catalog";
import { shops } from "../db/schema/shops";
import { hashPassword } from "../modules/accounts/passwords";
import { seedCollaborator } from "../modules/collaborators/service";
import { storeHeaderImage, storeLogoImage, storeProductImage } from "../modules/gallery/images";
import { type Motif, headerPicture, productPicture, shopPicture } from "./pictures";

export const DEMO_PASSWORD = "demo12345";

export const demoAccounts = [
  { key: "supplier", role: "Proveedor (tienda demo)", username: "lucia@demo.tianguis.mx", fullName: "Lucía Hernández", level: 2 },
  { key: "affiliate", role: "Revendedor afiliado", username: "mateo@demo.tianguis.mx", fullName: "Mateo Ruiz", level: 2 },
  { key: "franchise", role: "Franquicia", username: "sofia@demo.tianguis.mx", fullName: "Sofía Martínez", level: 2 },
  { key: "customer", role: "Cliente", username: "carlos@demo.tianguis.mx", fullName: "Carlos Pérez", level: 0 },
  { key: "admin", role: "Administradora de la plataforma", username: "admin@demo.tianguis.mx", fullName: "Elena Navarro", level: 0 },
  { key: "advisor", role: "Asesora de tiendas", username: "asesora@demo.tianguis.mx", fullName: "Valeria Gómez", level: 0 },
  {
    key: "doorkeeper",
    role: "Colaboradora de demo: lectora de entradas",
    username: "puerta@demo.tianguis.mx",
    fullName: "Paula Puerta",
    level: 0,
  },
] as const;

type Item = {
  name: string;
  type: "product" | "service" | "experience" | "digital";
  price: number;
  motif: Motif;
  description: string;
  crossout?: number;
  stock?: number | null;
  free?: boolean;
  hidePrice?: boolean;
  /** Items not for sale yet show faded in listings (spec §2 'Product card'). */
  unpublished?: boolean;
  daysFromNow?: number;
  dropshipping?: boolean;
  margin?: number;
  variants?: Record<string, string>;
  category?: string;
  maxPurchase?: number;
  returns?: boolean;
};

const supplierItems: Item[] = [
  {
    name: "Rebozo de seda de Santa María del Río",
    type: "product",
    price: 189000,
    crossout: 235000,
    stock: 12,
    motif: "shirt",
    category: "Textiles",
    dropshipping: true,
    margin: 42000,
    returns: true,
    variants: { Color: "Añil", Largo: "2.2 m" },
    description: "Rebozo tejido a mano en telar de cintura, con rapacejo anudado por artesanas potosinas.",
  },
  {
    name: "Taza de barro negro de Oaxaca",
    type: "product",
    price: 32000,
    stock: 40,
    motif: "cup",
    category: "Cerámica",
    dropshipping: true,
    margin: 9000,
    maxPurchase: 6,
    description: "Barro negro bruñido de San Bartolo Coyotepec; apta para café y chocolate.",
  },
  {
    name: "Alebrije de copal pintado a mano",
    type: "product",
    price: 145000,
    crossout: 169000,
    stock: 5,
    motif: "star",
    category: "Arte popular",
    dropshipping: true,
    margin: 35000,
    description: "Tallado en madera de copal y pintado con pinceles de pelo de gato en San Martín Tilcajete.",
  },
  {
    name: "Bolsa de palma tejida",
    type: "product",
    price: 45000,
    stock: 25,
    motif: "bag",
    category: "Accesorios",
    dropshipping: true,
    margin: 12000,
    returns: true,
    description: "Palma natural de la Mixteca, forrada por dentro, con asas de piel.",
  },
  {
    name: "Sombrero de palma fina",
    type: "product",
    price: 68000,
    stock: 0,
    motif: "hat",
    category: "Accesorios",
    description: "Sombrero de palma fina tejido en Becal, Campeche. Agotado por temporada.",
  },
  {
    name: "Jarrón de Talavera poblana",
    type: "product",
    price: 99000,
    stock: 8,
    motif: "jar",
    category: "Cerámica",
    dropshipping: true,
    margin: 25000,
    description: "Talavera certificada con esmalte de estaño y azul cobalto.",
  },
  {
    name: "Huipil bordado de Chiapas",
    type: "product",
    price: 210000,
    crossout: 260000,
    stock: 3,
    motif: "shirt",
    category: "Textiles",
    variants: { Talla: "Unitalla" },
    description: "Huipil de Zinacantán con bordado floral hecho a mano.",
  },
  {
    name: "Molcajete de piedra volcánica",
    type: "product",
    price: 55000,
    stock: 15,
    motif: "jar",
    category: "Cocina",
    dropshipping: true,
    margin: 14000,
    description: "Piedra volcánica curada, listo para salsas.",
  },
  {
    name: "Clase de bordado tenangueño",
    type: "service",
    price: 35000,
    stock: null,
    motif: "tools",
    category: "Talleres",
    description: "Clase en línea de dos horas con materiales incluidos.",
  },
  {
    name: "Diseño de interiores con artesanía mexicana",
    type: "service",
    price: 500000,
    hidePrice: true,
    stock: null,
    motif: "leaf",
    category: "Asesoría",
    description: "Asesoría a la medida para decorar tu casa o negocio; cotización según el proyecto.",
  },
  {
    name: "Restauración de piezas de barro",
    type: "service",
    price: 40000,
    stock: null,
    motif: "tools",
    category: "Talleres",
    description: "Reparamos piezas de barro y talavera con técnicas tradicionales.",
  },
  {
    name: "Taller de barro en Coyotepec",
    type: "experience",
    price: 85000,
    stock: 20,
    daysFromNow: 21,
    motif: "calendar",
    category: "Experiencias",
    description: "Un día con maestras alfareras: modelado, bruñido y cocción en horno de leña.",
  },
  {
    name: "Recorrido de mercados de Oaxaca",
    type: "experience",
    price: 60000,
    crossout: 75000,
    stock: 15,
    daysFromNow: 45,
    motif: "calendar",
    category: "Experiencias",
    description: "Recorrido guiado por el mercado 20 de Noviembre y Benito Juárez, con degustación.",
  },
  {
    name: "Noche de Guelaguetza 2025",
    type: "experience",
    price: 90000,
    stock: 30,
    daysFromNow: -90,
    motif: "star",
    category: "Experiencias",
    description: "Función especial con danzas de las ocho regiones. Evento concluido.",
  },
  {
    name: "Guía de colores de la talavera (PDF)",
    type: "digital",
    price: 0,
    free: true,
    stock: null,
    motif: "book",
    category: "Guías",
    description: "Guía gratuita de 24 páginas sobre los pigmentos y motivos de la talavera poblana.",
  },
  {
    name: "Patrones de bordado otomí (PDF)",
    type: "digital",
    price: 12000,
    stock: null,
    motif: "book",
    category: "Guías",
    description: "20 patrones listos para imprimir y bordar, con instrucciones paso a paso.",
  },
  {
    name: "Canasta de carrizo (próximamente)",
    type: "product",
    price: 38000,
    stock: 6,
    motif: "bag",
    category: "Accesorios",
    unpublished: true,
    description: "Canasta tejida con carrizo de Tzintzuntzan. Disponible muy pronto.",
  },
];

const franchiseItems: Item[] = [
  {
    name: "Mole poblano en pasta 500 g",
    type: "product",
    price: 16000,
    stock: 60,
    // Sabores is also a dropshipping supplier: mateo resells these two (the picker's rule: dropshipping items only).
    dropshipping: true,
    margin: 4000,
    motif: "jar",
    category: "Despensa",
    description: "Receta de la casa con 26 ingredientes, molido en metate.",
  },
  {
    name: "Café de altura de Veracruz 1 kg",
    type: "product",
    price: 28000,
    crossout: 32000,
    stock: 35,
    dropshipping: true,
    margin: 7000,
    motif: "bag",
    category: "Despensa",
    description: "Grano arábica de Coatepec, tostado medio.",
  },
  {
    name: "Chocolate de mesa artesanal",
    type: "product",
    price: 9500,
    stock: 80,
    motif: "cup",
    category: "Despensa",
    description: "Cacao de Tabasco con canela y azúcar de caña.",
  },
  {
    name: "Clase de cocina tradicional",
    type: "service",
    price: 75000,
    stock: null,
    motif: "leaf",
    category: "Clases",
    description: "Aprende a preparar mole, tortillas a mano y salsas de molcajete.",
  },
  {
    name: "Cena de temporada en la terraza",
    type: "experience",
    price: 120000,
    stock: 24,
    daysFromNow: 30,
    motif: "calendar",
    category: "Experiencias",
    description: "Menú de cinco tiempos maridado con bebidas de la región.",
  },
  {
    name: "Recetario de la abuela (PDF)",
    type: "digital",
    price: 8900,
    stock: null,
    motif: "book",
    category: "Recetarios",
    description: "40 recetas familiares con fotografías paso a paso.",
  },
];

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Seeds the demo marketplace once: a supplier shop (demo), an affiliate reseller shop (mateo) reselling the
 * supplier's dropshipping items, and a franchise shop (sabores). Re-running finds the supplier and stops.
 */
export async function seedDemo(ctx: AppContext): Promise<{ created: boolean; accounts: { role: string; username: string }[] }> {
  const accounts = demoAccounts.map(({ role, username }) => ({ role, username }));
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, demoAccounts[0].username)).limit(1);
  if (existing) return { created: false, accounts };

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const userIds: Record<string, string> = {};
  for (const account of demoAccounts) {
    const [row] = await ctx.db
      .insert(users)
      .values({
        username: account.username,
        email: account.username,
        fullName: account.fullName,
        passwordHash,
        userLevel: account.level,
        country: "MX",
        countryCode: "52",
      })
      .returning({ id: users.id });
    userIds[account.key] = row.id;
  }

  const shopSpecs = [
    {
      owner: "supplier",
      slug: "demo",
      name: "Casa Lucía Artesanías",
      storeType: null,
      seo: "Artesanía mexicana hecha a mano: textiles, barro, talavera, talleres y experiencias.",
      sections: ["products", "services", "experiences", "digital", "catalogues", "blogs"],
      color1: "#c2410c",
      color2: "#0f766e",
      whatsapp: "5512345678",
    },
    {
      owner: "affiliate",
      slug: "mateo",
      name: "Reventa Mateo",
      storeType: "affiliate",
      seo: "Selección de artesanía mexicana con envío a todo el país.",
      sections: ["products", "catalogues"],
      color1: "#1d4ed8",
      color2: "#f59e0b",
      whatsapp: null,
    },
    {
      owner: "franchise",
      slug: "sabores",
      name: "Sabores de la Abuela",
      storeType: "franchise",
      seo: "Franquicia de cocina tradicional mexicana: despensa, clases y cenas.",
      sections: ["products", "services", "experiences", "digital", "franchises", "retail"],
      color1: "#7c2d12",
      color2: "#ca8a04",
      whatsapp: "5587654321",
    },
  ] as const;

  const shopIds: Record<string, string> = {};
  for (const [index, spec] of shopSpecs.entries()) {
    const photoPng = await sharp(shopPicture(index)).png().toBuffer();
    const photo = await ctx.storage.put(`shops/${spec.slug}/photo.png`, photoPng, "image/png");
    const photoWebp = await storeLogoImage(ctx.storage, photoPng, `shops/${spec.slug}`);
    const headerPng = await sharp(headerPicture(index)).png().toBuffer();
    const header = await ctx.storage.put(`shops/${spec.slug}/header.png`, headerPng, "image/png");
    const headerWebp = await storeHeaderImage(ctx.storage, headerPng, `shops/${spec.slug}`);
    const [row] = await ctx.db
      .insert(shops)
      .values({
        slug: spec.slug,
        name: spec.name,
        ownerId: userIds[spec.owner],
        photo,
        photoWebp,
        header,
        headerWebp,
        storeType: spec.storeType,
        seoDescription: spec.seo,
        contactEmail: demoAccounts.find((account) => account.key === spec.owner)?.username,
        contactPhone: spec.whatsapp,
        contactCountryCode: spec.whatsapp ? "52" : null,
        whatsappCountryCode: spec.whatsapp ? "52" : null,
        whatsappPhone: spec.whatsapp,
        instagram: `https://instagram.com/${spec.slug}`,
        facebook: `https://facebook.com/${spec.slug}`,
        footerStyle: index === 0 ? "3cols1col" : "default",
        storeThemeInfo: { color1: spec.color1, color2: spec.color2, columns: 2, sections_info: [...spec.sections] },
      })
      .returning({ id: shops.id });
    shopIds[spec.slug] = row.id;
  }

  const now = ctx.clock.now().getTime();
  const insertItems = async (shopSlug: string, items: Item[], offset: number) => {
    const ids: string[] = [];
    for (const [index, item] of items.entries()) {
      const [row] = await ctx.db
        .insert(products)
        .values({
          shopId: shopIds[shopSlug],
          slug: slugify(item.name),
          name: item.name,
          description: item.description,
          type: item.type,
          listPrice: item.price,
          crossoutPrice: item.crossout ?? null,
          hidePrice: item.hidePrice ?? false,
          listState: item.unpublished ? "unpublished" : "published",
          isFree: item.free ?? false,
          isDropshipping: item.dropshipping ?? false,
          contributionMargin: item.margin ?? null,
          queuePosition: index,
          stock: item.stock === undefined ? 10 : item.stock,
          stockType: item.stock === null ? "ondemand" : "onstock",
          maxPurchaseAmount: item.maxPurchase ?? null,
          experienceDate: item.daysFromNow === undefined ? null : new Date(now + item.daysFromNow * 24 * 3600 * 1000),
          variants: item.variants ?? {},
          category: item.category ?? null,
          returnInfo: item.returns
            ? { return_type: "72hrs", return_fees: "free", return_policy: "common", return_shipping_label: "download" }
            : { return_type: "disallowed" },
        })
        .returning({ id: products.id });
      const stored = await storeProductImage(ctx.storage, productPicture(offset + index, item.motif));
      await ctx.db.insert(productImages).values({ productId: row.id, position: 0, alt: item.name, ...stored });
      ids.push(row.id);
    }
    return ids;
  };

  const supplierIds = await insertItems("demo", supplierItems, 0);
  const franchiseIds = await insertItems("sabores", franchiseItems, supplierItems.length);
  // Mateo resells two suppliers, so one cart in his store holds an order per supplier.
  const resold = [...supplierIds.filter((_, index) => supplierItems[index].dropshipping), ...franchiseIds.slice(0, 2)];
  await ctx.db.insert(storeProducts).values(resold.map((productId, index) => ({ shopId: shopIds.mateo, productId, queuePosition: index })));
  await seedDemoOrders(ctx, { supplierId: shopIds.demo, customerId: userIds.customer, ownerId: userIds.supplier });
  await seedDemoInvoices(ctx, { supplierId: shopIds.demo, customerId: userIds.customer });
  await seedDemoReviews(ctx, { supplierId: shopIds.demo, ownerId: userIds.supplier });
  await seedDemoBlog(ctx, { shopId: shopIds.demo, authorId: userIds.supplier });
  await seedDropshippingSuppliers(ctx, passwordHash);
  await seedDemoCatalogues(ctx);
  await seedDemoReferral(ctx, userIds.affiliate);
  await seedDemoSupport(ctx, {
    adminId: userIds.admin,
    advisorId: userIds.advisor,
    shops: { demo: shopIds.demo, mateo: shopIds.mateo, sabores: shopIds.sabores },
  });
  await seedDemoFranchises(ctx, { franchiseShopId: shopIds.sabores, passwordHash });
  await seedDemoWallet(ctx, { id: userIds.franchise, username: "sofia@demo.tianguis.mx", fullName: "Sofía Martínez" });
  await seedDemoContacts(ctx, { slug: "demo", ownerId: userIds.supplier });
  await seedDemoSms(ctx, { shopId: shopIds.demo, ownerId: userIds.supplier, passwordHash });
  // After every seeded order: the dashboard's read model is made from them, then a past import and export.
  await seedDemoBackOffice(ctx, { slug: "demo", ownerId: userIds.supplier });
  // Paula checks tickets in at the door of Lucía's shop: a collaborator with the qrreader profile.
  await seedCollaborator(
    ctx,
    { id: shopIds.demo, ownerId: userIds.supplier },
    { id: userIds.doorkeeper, username: "puerta@demo.tianguis.mx" },
    ["qrreader"],
  );
  // The demo's people have run their shops for a while: the first-visit tour is behind them (/preferencias turns it on).
  await ctx.db.update(users).set({ showTour: false });
  return { created: true, accounts };
}
