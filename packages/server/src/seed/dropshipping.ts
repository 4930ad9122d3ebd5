import sharp from "sharp";
import type { AppContext } from "../context";
import { users } from "../db/schema/accounts";
import { productImages, products } from "../db/schema/catalog";
import { dropshippingPolicies } from "../db/schema/reseller";
import { shops } from "../db/schema/shops";
import { largeWebp, productVariants, storeLogoImage } from "../modules/gallery/images";
import { type Motif, productPicture, shopPicture } from "./pictures";

/**
 * Dropshipping suppliers for the reseller picker's demo: five supplier shops with 72 items each (360 in all) across
 * categories and item types, every one resellable with a contribution margin. Names, prices and margins are derived
 * from the item's index, so every run seeds the same catalogue. Photos are rendered once per motif and written per item
 * (each item owns its files, so deleting one photo touches no other item), which keeps `npm start`'s first seed fast. 'Telar Vivo' sells only through approved resellers (mateo has not asked yet).
 */
interface SupplierSpec {
  slug: string;
  name: string;
  owner: string;
  categories: { name: string; motif: Motif; nouns: string[] }[];
  approvedOnly?: boolean;
}

const adjectives = ["artesanal", "tradicional", "de colección", "hecho a mano", "de temporada", "clásico", "rústico", "fino"];
const regions = ["Oaxaca", "Puebla", "Michoacán", "Chiapas", "Jalisco", "Guerrero", "Yucatán", "Hidalgo", "Zacatecas"];

const suppliers: SupplierSpec[] = [
  {
    slug: "barro-y-fuego",
    name: "Barro y Fuego",
    owner: "barro@demo.tianguis.mx",
    categories: [
      { name: "Cerámica", motif: "cup", nouns: ["Taza", "Plato", "Jarra", "Cazuela"] },
      { name: "Cocina", motif: "jar", nouns: ["Olla", "Molcajete", "Comal", "Salsera"] },
      { name: "Decoración", motif: "star", nouns: ["Florero", "Maceta", "Candelero", "Figura"] },
    ],
  },
  {
    slug: "telar-vivo",
    name: "Telar Vivo",
    owner: "telar@demo.tianguis.mx",
    approvedOnly: true,
    categories: [
      { name: "Textiles", motif: "shirt", nouns: ["Huipil", "Rebozo", "Camino de mesa", "Cojín"] },
      { name: "Accesorios", motif: "bag", nouns: ["Bolsa", "Morral", "Cartera", "Cinturón"] },
    ],
  },
  {
    slug: "despensa-mexicana",
    name: "Despensa Mexicana",
    owner: "despensa@demo.tianguis.mx",
    categories: [
      { name: "Alimentos", motif: "leaf", nouns: ["Café", "Mole", "Chocolate", "Miel"] },
      { name: "Bebidas", motif: "jar", nouns: ["Mezcal", "Licor", "Jarabe", "Tepache"] },
    ],
  },
  {
    slug: "madera-noble",
    name: "Madera Noble",
    owner: "madera@demo.tianguis.mx",
    categories: [
      { name: "Muebles", motif: "tools", nouns: ["Banco", "Mesa", "Repisa", "Silla"] },
      { name: "Arte popular", motif: "star", nouns: ["Alebrije", "Máscara", "Trompo", "Caja"] },
    ],
  },
  {
    slug: "talleres-y-rutas",
    name: "Talleres y Rutas",
    owner: "talleres@demo.tianguis.mx",
    categories: [
      { name: "Talleres", motif: "calendar", nouns: ["Taller de barro", "Clase de telar", "Taller de cocina", "Clase de pintura"] },
      { name: "Guías", motif: "book", nouns: ["Guía de mercados", "Recetario", "Manual de tintes", "Guía de rutas"] },
    ],
  },
];

const ITEMS_PER_SUPPLIER = 72;
const DAY_MS = 24 * 3600 * 1000;

function slugify(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/** The type of the n-th item of a supplier: 'Talleres y Rutas' sells experiences, services and digital guides. */
function typeOf(spec: SupplierSpec, categoryIndex: number, n: number): "product" | "service" | "experience" | "digital" {
  if (spec.slug !== "talleres-y-rutas") return "product";
  if (categoryIndex === 1) return "digital";
  return n % 2 === 0 ? "experience" : "service";
}

export async function seedDropshippingSuppliers(ctx: AppContext, passwordHash: string): Promise<void> {
  const now = ctx.clock.now().getTime();
  const motifs = [...new Set(suppliers.flatMap((spec) => spec.categories.map((category) => category.motif)))];
  const pictures = new Map(
    await Promise.all(motifs.map(async (motif, index) => [motif, await renderPicture(index * 3 + 1, motif)] as const)),
  );
  for (const [shopIndex, spec] of suppliers.entries()) {
    const [owner] = await ctx.db
      .insert(users)
      .values({
        username: spec.owner,
        email: spec.owner,
        fullName: spec.name,
        passwordHash,
        userLevel: 2,
        country: "MX",
        countryCode: "52",
      })
      .returning({ id: users.id });
    const photoPng = await sharp(shopPicture(shopIndex + 3))
      .png()
      .toBuffer();
    const photo = await ctx.storage.put(`shops/${spec.slug}/photo.png`, photoPng, "image/png");
    const photoWebp = await storeLogoImage(ctx.storage, photoPng, `shops/${spec.slug}`);
    const [shop] = await ctx.db
      .insert(shops)
      .values({
        slug: spec.slug,
        name: spec.name,
        ownerId: owner.id,
        photo,
        photoWebp,
        seoDescription: `Proveedor de dropshipping: ${spec.categories.map((category) => category.name).join(", ")}.`,
        storeThemeInfo: { sections_info: ["products", "services", "experiences", "digital"] },
      })
      .returning({ id: shops.id });
    if (spec.approvedOnly) await ctx.db.insert(dropshippingPolicies).values({ supplierShopId: shop.id, audience: "approved" });

    const rows = Array.from({ length: ITEMS_PER_SUPPLIER }, (_, n) => {
      const categoryIndex = n % spec.categories.length;
      const category = spec.categories[categoryIndex];
      const noun = category.nouns[Math.floor(n / spec.categories.length) % category.nouns.length];
      const name = `${noun} ${adjectives[(n + shopIndex) % adjectives.length]} de ${regions[(n * 7 + shopIndex) % regions.length]} ${n + 1}`;
      const type = typeOf(spec, categoryIndex, n);
      // Prices from $150.00 to ~$2,600.00; margins 15–40 % of the price, in whole pesos.
      const listPrice = 15_000 + ((n * 3_700 + shopIndex * 1_900) % 245_000);
      const margin = Math.round((listPrice * (15 + ((n * 11 + shopIndex * 5) % 26))) / 100 / 100) * 100;
      return {
        shopId: shop.id,
        slug: slugify(name),
        name,
        description: `${noun} ${adjectives[(n + shopIndex) % adjectives.length]}, elaborado por artesanos de ${regions[(n * 7 + shopIndex) % regions.length]}.`,
        type,
        listPrice,
        crossoutPrice: n % 4 === 0 ? listPrice + Math.round(listPrice / 500) * 100 : null,
        isDropshipping: true,
        contributionMargin: margin,
        queuePosition: n,
        stock: type === "product" ? 5 + (n % 30) : null,
        stockType: type === "product" ? "onstock" : "ondemand",
        // The first workshop already took place: the picker shows it as concluded and does not let it be added.
        experienceDate: type === "experience" ? new Date(now + (n === 0 ? -3 : 7 + (n % 60)) * DAY_MS) : null,
        category: category.name,
      };
    });
    const inserted = await ctx.db.insert(products).values(rows).returning({ id: products.id, category: products.category });
    const images = await Promise.all(
      inserted.map(async (row, n) => {
        const motif = spec.categories.find((category) => category.name === row.category)?.motif ?? "star";
        const picture = pictures.get(motif)!;
        const folder = `products/${row.id}`;
        const [original, thumb, card, large] = await Promise.all([
          ctx.storage.put(`${folder}/original.png`, picture.original, "image/png"),
          ctx.storage.put(`${folder}/400x300.webp`, picture.thumb, "image/webp"),
          ctx.storage.put(`${folder}/350x419.webp`, picture.card, "image/webp"),
          ctx.storage.put(`${folder}/large.webp`, picture.large, "image/webp"),
        ]);
        return { productId: row.id, position: 0, alt: rows[n].name, original, thumb, card, large };
      }),
    );
    await ctx.db.insert(productImages).values(images);
  }
}

async function renderPicture(index: number, motif: Motif) {
  const image = sharp(productPicture(index, motif));
  const [original, thumb, card, large] = await Promise.all([
    image.clone().png().toBuffer(),
    image
      .clone()
      .resize({ ...productVariants.thumb, fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer(),
    image
      .clone()
      .resize({ ...productVariants.card, fit: "cover" })
      .webp({ quality: 82 })
      .toBuffer(),
    largeWebp(image),
  ]);
  return { original, thumb, card, large };
}
