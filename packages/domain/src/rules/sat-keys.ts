/**
 * SAT's product and unit keys of a CFDI 4.0 concept (issue #30 §1; Anexo 20's catalogues c_ClaveProdServ and
 * c_ClaveUnidad). A product carries its keys; an invoice line uses them. The full catalogues hold some 52,000 product
 * keys and 2,400 units: a bundled subset of what shops on Tianguis sell is searchable in the product form, and any
 * well-formed 8-digit product key of SAT's segments is accepted (SAT publishes the rest); units are those listed here.
 */

export interface SatKey {
  key: string;
  /** SAT's description, in Spanish as the catalogue has it. */
  name: string;
}

/** c_ClaveProdServ 01010101 'No existe en el catálogo': what a product without a finer key is invoiced as. */
export const GENERIC_PRODUCT_KEY = "01010101";
/** c_ClaveUnidad H87 'Pieza' (goods) and E48 'Unidad de servicio' (services, experiences, memberships). */
export const PIECE_UNIT_KEY = "H87";
export const SERVICE_UNIT_KEY = "E48";

/** A subset of c_ClaveProdServ: the generic key, shipping, and goods and services a marketplace's shops sell. */
export const satProductKeys: readonly SatKey[] = [
  { key: "01010101", name: "No existe en el catálogo" },
  { key: "10121800", name: "Comida para perros" },
  { key: "10151500", name: "Semillas y plántulas de vegetales" },
  { key: "10161500", name: "Árboles y arbustos" },
  { key: "10171700", name: "Plantas de interior" },
  { key: "14111500", name: "Papel de imprenta y papel de escribir" },
  { key: "24121500", name: "Cajas y bolsas de empaque" },
  { key: "25174400", name: "Sistemas interiores de vehículos" },
  { key: "27111700", name: "Llaves y destornilladores" },
  { key: "31201600", name: "Pegamentos y adhesivos" },
  { key: "39111500", name: "Iluminación de interiores y artefactos" },
  { key: "42211500", name: "Ayudas para la movilidad" },
  { key: "43191500", name: "Teléfonos móviles y accesorios" },
  { key: "43211500", name: "Computadores" },
  { key: "43211900", name: "Monitores y pantallas de computador" },
  { key: "43232100", name: "Software de edición y creación de contenidos" },
  { key: "44121600", name: "Suministros de escritorio" },
  { key: "46181500", name: "Ropa de seguridad" },
  { key: "47131500", name: "Trapos y paños de limpieza" },
  { key: "48101800", name: "Utensilios de cocina comerciales" },
  { key: "49161500", name: "Equipos para deportes de campo y cancha" },
  { key: "49201500", name: "Equipos de gimnasia y ejercicio" },
  { key: "50131700", name: "Queso" },
  { key: "50161500", name: "Chocolate y sustitutos del chocolate" },
  { key: "50181900", name: "Pan, galletas y pastelitos dulces" },
  { key: "50192100", name: "Botanas" },
  { key: "50201700", name: "Café y té" },
  { key: "50202300", name: "Bebidas no alcohólicas" },
  { key: "50202200", name: "Bebidas alcohólicas" },
  { key: "50301500", name: "Frutas frescas" },
  { key: "50401800", name: "Vegetales frescos" },
  { key: "51191900", name: "Suplementos nutricionales" },
  { key: "52121500", name: "Ropa de cama" },
  { key: "52141500", name: "Electrodomésticos de cocina" },
  { key: "52151600", name: "Utensilios de cocina domésticos" },
  { key: "52161500", name: "Equipo audiovisual" },
  { key: "53101500", name: "Pantalones" },
  { key: "53101600", name: "Camisas y blusas" },
  { key: "53101800", name: "Abrigos y chaquetas" },
  { key: "53102500", name: "Accesorios de vestir" },
  { key: "53111600", name: "Zapatos" },
  { key: "53121600", name: "Monederos, bolsos de mano y bolsas" },
  { key: "53131600", name: "Baño y cuidado corporal" },
  { key: "53131619", name: "Cosméticos" },
  { key: "54101500", name: "Joyería fina" },
  { key: "54111500", name: "Relojes de pulsera o de bolsillo" },
  { key: "55101500", name: "Publicaciones impresas" },
  { key: "55111500", name: "Publicaciones electrónicas" },
  { key: "56101500", name: "Muebles" },
  { key: "56101700", name: "Muebles de oficina" },
  { key: "60121000", name: "Arte" },
  { key: "60131000", name: "Instrumentos musicales" },
  { key: "60141000", name: "Juguetes" },
  { key: "78102203", name: "Servicios de envío, recogida o entrega de correo" },
  { key: "78111800", name: "Transporte de pasajeros por carretera" },
  { key: "80101500", name: "Servicios de consultoría de negocios y administración corporativa" },
  { key: "80141600", name: "Actividades de ventas y promoción de negocios" },
  { key: "81112100", name: "Servicios de internet" },
  { key: "81112500", name: "Servicio de licencias de software" },
  { key: "82101500", name: "Publicidad impresa" },
  { key: "84111506", name: "Servicios de facturación" },
  { key: "85121600", name: "Servicios médicos especializados" },
  { key: "86101700", name: "Servicios de capacitación vocacional no científica" },
  { key: "86111600", name: "Educación de adultos" },
  { key: "90101500", name: "Establecimientos para comer y beber" },
  { key: "90111500", name: "Hoteles, moteles y pensiones" },
  { key: "90121500", name: "Agencias de viajes" },
  { key: "90131500", name: "Actuaciones en vivo" },
  { key: "90151800", name: "Servicios de parques de atracciones y carnavales" },
  { key: "91111500", name: "Servicios de lavandería" },
  { key: "93141700", name: "Servicios de cultura" },
];

/** A subset of c_ClaveUnidad: the units a shop's goods and services are sold by. */
export const satUnitKeys: readonly SatKey[] = [
  { key: "H87", name: "Pieza" },
  { key: "E48", name: "Unidad de servicio" },
  { key: "ACT", name: "Actividad" },
  { key: "EA", name: "Elemento" },
  { key: "XBX", name: "Caja" },
  { key: "XPK", name: "Paquete" },
  { key: "KT", name: "Kit" },
  { key: "SET", name: "Conjunto" },
  { key: "PR", name: "Par" },
  { key: "KGM", name: "Kilogramo" },
  { key: "GRM", name: "Gramo" },
  { key: "LTR", name: "Litro" },
  { key: "MLT", name: "Mililitro" },
  { key: "MTR", name: "Metro" },
  { key: "MTK", name: "Metro cuadrado" },
  { key: "HUR", name: "Hora" },
  { key: "DAY", name: "Día" },
  { key: "MON", name: "Mes" },
  { key: "ANN", name: "Año" },
  { key: "A9", name: "Tarifa" },
];

/** What a product without its own keys is invoiced as: 01010101 and a piece, or a unit of service for services. */
export function defaultSatKeys(isService: boolean): { productKey: string; unitKey: string } {
  return { productKey: GENERIC_PRODUCT_KEY, unitKey: isService ? SERVICE_UNIT_KEY : PIECE_UNIT_KEY };
}

/**
 * Whether a product key is well formed: 8 digits whose segment (the first two) is one of SAT's, 10 to 95, or the
 * generic 01010101.
 */
export function isSatProductKey(key: string): boolean {
  if (key === GENERIC_PRODUCT_KEY) return true;
  if (!/^\d{8}$/.test(key)) return false;
  const segment = Number(key.slice(0, 2));
  return segment >= 10 && segment <= 95;
}

export function isSatUnitKey(key: string): boolean {
  return satUnitKeys.some((unit) => unit.key === key);
}

function fold(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();
}

/** The catalogue's entries whose key starts with the query or whose name holds each of its words, at most `limit`. */
export function searchSatKeys(catalogue: readonly SatKey[], query: string, limit = 10): SatKey[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return catalogue.slice(0, limit);
  const key = query.trim().toUpperCase();
  return catalogue.filter((entry) => entry.key.startsWith(key) || words.every((word) => fold(entry.name).includes(word))).slice(0, limit);
}
