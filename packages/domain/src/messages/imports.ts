import type { MessageGroup } from "./types";

/**
 * Product imports (issue 29 §1; storefront-and-admin §2 'Completed import job'): the page at {shop}/admin/inventario/cargas
 * and /apps/me/dssupplier/products/cargas, the file's and each row's coded errors, and the alert when an import ends.
 */
export const importMessages = {
  imports_title: { es: "Cargas de productos", en: "Product imports" },
  imports_intro: {
    es: "Sube un archivo CSV o Excel (XLSX) con tus productos. Antes de guardar nada verás cuántos se crearán, cuántos se actualizarán (por SKU) y cuáles se rechazan y por qué.",
    en: "Upload a CSV or Excel (XLSX) file with your products. Before anything is saved you will see how many will be created, updated (by SKU) and which are rejected and why.",
    "es-AR":
      "Subí un archivo CSV o Excel (XLSX) con tus productos. Antes de guardar nada vas a ver cuántos se crean, cuántos se actualizan (por SKU) y cuáles se rechazan y por qué.",
  },
  imports_template_csv: { es: "Descargar plantilla CSV", en: "Download CSV template" },
  imports_template_xlsx: { es: "Descargar plantilla Excel", en: "Download Excel template" },
  imports_columns_hint: {
    es: "Fotos: direcciones http o https o nombres de archivo del ZIP de fotos, separados por | (se guardan al importar; una que no se pueda descargar o no esté en el ZIP rechaza su fila). Medidas del paquete en centímetros: largo, ancho y alto. Experiencias: fecha (14/03/2027) y hora (18:30).",
    en: "Photos: http or https addresses or file names in the photos ZIP, separated by | (stored when importing; one that cannot be downloaded or is not in the ZIP rejects its row). Package size in centimetres: length, width and height. Experiences: date (14/03/2027) and time (18:30).",
  },
  imports_file_label: { es: "Archivo CSV o XLSX", en: "CSV or XLSX file" },
  imports_clear_file: { es: "Quitar archivo", en: "Remove file" },
  imports_check: { es: "Revisar archivo", en: "Check file" },
  imports_dry_run_title: { es: "Revisión de «{file}»", en: "Check of “{file}”" },
  imports_will_create: { es: "Se crearán", en: "To create", "es-AR": "Se van a crear" },
  imports_will_update: { es: "Se actualizarán", en: "To update", "es-AR": "Se van a actualizar" },
  imports_will_reject: { es: "Rechazadas", en: "Rejected" },
  imports_rejected_title: { es: "Filas rechazadas", en: "Rejected rows" },
  imports_line: { es: "Línea", en: "Line" },
  imports_column: { es: "Columna", en: "Column" },
  imports_reason: { es: "Motivo", en: "Reason" },
  imports_more_rejected: {
    es: "Y {count} filas más en el archivo de filas rechazadas.",
    en: "And {count} more rows in the rejected rows file.",
  },
  imports_run: { es: "Importar", en: "Import" },
  imports_nothing_valid: {
    es: "Ninguna fila se puede importar: corrige el archivo y súbelo de nuevo.",
    en: "No row can be imported: fix the file and upload it again.",
    "es-AR": "Ninguna fila se puede importar: corregí el archivo y subilo de nuevo.",
  },
  imports_progress_label: { es: "Progreso de la carga", en: "Import progress" },
  imports_progress: { es: "{done} de {total} filas", en: "{done} of {total} rows" },
  imports_finished: {
    es: "Carga terminada: {created} creados, {updated} actualizados, {rejected} rechazados.",
    en: "Import finished: {created} created, {updated} updated, {rejected} rejected.",
  },
  imports_history: { es: "Cargas anteriores", en: "Past imports" },
  imports_empty: {
    es: "Aún no has cargado productos.",
    en: "You have not imported products yet.",
    "es-AR": "Todavía no cargaste productos.",
  },
  imports_file: { es: "Archivo", en: "File" },
  imports_date: { es: "Fecha", en: "Date" },
  imports_state: { es: "Estado", en: "State" },
  imports_created: { es: "Creados", en: "Created" },
  imports_updated: { es: "Actualizados", en: "Updated" },
  imports_download_rejected: { es: "Descargar filas rechazadas", en: "Download rejected rows" },
  imports_state_previewed: { es: "Revisada, sin importar", en: "Checked, not imported" },
  imports_state_queued: { es: "En espera", en: "Waiting" },
  imports_state_running: { es: "Importando", en: "Importing" },
  imports_state_done: { es: "Terminada", en: "Finished" },
  imports_state_interrupted: {
    es: "Interrumpida: se reanudará sola en unos minutos",
    en: "Interrupted: it will resume by itself in a few minutes",
    "es-AR": "Interrumpida: se va a reanudar sola en unos minutos",
  },
  imports_completed_alert: {
    es: "Tu carga de productos «{file}» terminó: {created} creados, {updated} actualizados, {rejected} rechazados",
    en: "Your product import “{file}” finished: {created} created, {updated} updated, {rejected} rejected",
  },
  // The file as a whole.
  import_file_empty: { es: "El archivo está vacío: no tiene filas de productos.", en: "The file is empty: it has no product rows." },
  import_file_type: {
    es: "Tipo de archivo no admitido: sube un CSV o un XLSX.",
    en: "File type not supported: upload a CSV or an XLSX.",
    "es-AR": "Tipo de archivo no admitido: subí un CSV o un XLSX.",
  },
  import_file_too_large: { es: "El archivo pasa de {max} MB.", en: "The file is over {max} MB." },
  import_file_unreadable: { es: "No se pudo leer el archivo.", en: "The file could not be read." },
  import_missing_columns: { es: "Faltan columnas obligatorias: {columns}.", en: "Required columns are missing: {columns}." },
  import_too_many_rows: { es: "El archivo tiene más de {max} filas.", en: "The file has more than {max} rows." },
  import_not_found: { es: "Carga no encontrada", en: "Import not found" },
  import_nothing_to_import: { es: "No hay filas válidas para importar.", en: "There are no valid rows to import." },
  // One row.
  import_required: { es: "Falta el valor de «{column}».", en: "“{column}” is missing." },
  import_too_long: { es: "«{column}» es demasiado largo.", en: "“{column}” is too long." },
  import_formula_rejected: {
    es: "«{column}» parece una fórmula (empieza con =, +, - o @) y no se acepta.",
    en: "“{column}” looks like a formula (starts with =, +, - or @) and is not accepted.",
  },
  import_invalid_sku: {
    es: "El SKU no puede tener espacios ni pasar de 64 caracteres.",
    en: "The SKU may not contain spaces or exceed 64 characters.",
  },
  import_invalid_type: {
    es: "Tipo desconocido: usa producto, servicio, digital o experiencia.",
    en: "Unknown type: use product, service, digital or experience.",
    "es-AR": "Tipo desconocido: usá producto, servicio, digital o experiencia.",
  },
  import_invalid_price: { es: "«{column}» no es un importe válido.", en: "“{column}” is not a valid amount." },
  import_negative_price: { es: "«{column}» no puede ser negativo.", en: "“{column}” cannot be negative." },
  import_crossout_not_higher: {
    es: "El precio anterior debe ser mayor que el precio.",
    en: "The compare-at price must be higher than the price.",
  },
  import_invalid_stock: { es: "Las existencias deben ser un número entero.", en: "Stock must be a whole number." },
  import_invalid_flag: { es: "«{column}» debe ser sí o no.", en: "“{column}” must be yes or no." },
  import_margin_required: { es: "Un producto de dropshipping necesita margen.", en: "A dropshipping product needs a margin." },
  import_margin_above_price: { es: "El margen no puede ser mayor que el precio.", en: "The margin cannot be higher than the price." },
  import_invalid_weight: {
    es: "El peso debe ser un número entero de gramos, de 1 a 70000.",
    en: "The weight must be a whole number of grams, from 1 to 70000.",
  },
  import_invalid_dimension: {
    es: "«{column}» debe ser un número entero de centímetros, de 1 a 300.",
    en: "“{column}” must be a whole number of centimetres, from 1 to 300.",
  },
  import_dimensions_incomplete: {
    es: "Las medidas del paquete van completas: largo, ancho y alto (falta «{column}»).",
    en: "The package's size needs all three sides: length, width and height (“{column}” is missing).",
  },
  import_invalid_photo_url: {
    es: "«{column}» debe tener direcciones http o https, o nombres de archivos JPG, PNG o SVG del ZIP de fotos, separados por | o espacios.",
    en: "“{column}” must hold http or https addresses, or names of JPG, PNG or SVG files in the photos ZIP, separated by | or spaces.",
  },
  import_too_many_photos: { es: "Un producto admite hasta 10 fotos.", en: "A product takes up to 10 photos." },
  import_invalid_date: {
    es: "«{column}» no es una fecha válida: escribe día/mes/año (14/03/2027) o 2027-03-14.",
    en: "“{column}” is not a valid date: write day/month/year (14/03/2027) or 2027-03-14.",
    "es-AR": "«{column}» no es una fecha válida: escribí día/mes/año (14/03/2027) o 2027-03-14.",
  },
  import_invalid_time: {
    es: "«{column}» no es una hora válida: escribe la hora de 24 horas (18:30).",
    en: "“{column}” is not a valid time: write the 24-hour time (18:30).",
    "es-AR": "«{column}» no es una hora válida: escribí la hora de 24 horas (18:30).",
  },
  import_experience_past: {
    es: "La fecha de la experiencia ya pasó.",
    en: "The experience's date has already passed.",
  },
  import_duplicate_sku: { es: "El SKU se repite en el archivo.", en: "The SKU appears more than once in the file." },
  import_photo_unreachable: {
    es: "No se pudo descargar una de las fotos: la dirección no respondió a tiempo o respondió con un error.",
    en: "One of the photos could not be downloaded: its address did not answer in time or answered with an error.",
  },
  import_photo_too_large: {
    es: "Una de las fotos pasa de 4 MB.",
    en: "One of the photos is over 4 MB.",
  },
  import_photo_type: {
    es: "Una de las fotos no es una imagen JPG, PNG o SVG.",
    en: "One of the photos is not a JPG, PNG or SVG image.",
  },
  import_photo_missing: {
    es: "Una de las fotos no está en el ZIP de fotos (o no se adjuntó un ZIP): revisa el nombre del archivo.",
    en: "One of the photos is not in the photos ZIP (or no ZIP was attached): check the file name.",
    "es-AR": "Una de las fotos no está en el ZIP de fotos (o no se adjuntó un ZIP): revisá el nombre del archivo.",
  },
  // The ZIP of photos as a whole.
  import_zip_type: {
    es: "El archivo de fotos no es un ZIP.",
    en: "The photos file is not a ZIP.",
  },
  import_zip_unreadable: { es: "No se pudo leer el ZIP de fotos.", en: "The photos ZIP could not be read." },
  import_zip_too_large: {
    es: "El ZIP de fotos pasa de {max} MB, o sus fotos descomprimidas pasan de {total} MB.",
    en: "The photos ZIP is over {max} MB, or its photos unpack to more than {total} MB.",
  },
  import_zip_too_many_entries: {
    es: "El ZIP de fotos tiene más de {max} archivos.",
    en: "The photos ZIP holds more than {max} files.",
  },
  import_zip_unsafe_path: {
    es: "El ZIP de fotos tiene rutas no permitidas (absolutas o con «..»).",
    en: "The photos ZIP has paths that are not allowed (absolute or with “..”).",
  },
  imports_photos_label: { es: "ZIP de fotos (opcional)", en: "Photos ZIP (optional)" },
  imports_photos_hint: {
    es: "Si la columna «fotos» nombra archivos (rebozo.jpg), adjunta aquí un ZIP con ellos: JPG, PNG o SVG, hasta 4 MB cada una.",
    en: "If the “fotos” column names files (rebozo.jpg), attach a ZIP with them here: JPG, PNG or SVG, up to 4 MB each.",
    "es-AR": "Si la columna «fotos» nombra archivos (rebozo.jpg), adjuntá acá un ZIP con ellos: JPG, PNG o SVG, hasta 4 MB cada una.",
  },
  imports_clear_photos: { es: "Quitar ZIP de fotos", en: "Remove photos ZIP" },
  imports_uploading: { es: "Subiendo archivos: {percent} %", en: "Uploading files: {percent}%" },
  import_photo_blocked: {
    es: "Una de las fotos apunta a una dirección privada que no se puede descargar.",
    en: "One of the photos points to a private address that cannot be downloaded.",
  },
} satisfies MessageGroup;
