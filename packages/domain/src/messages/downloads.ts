import type { MessageGroup } from "./types";

/**
 * Digital delivery (issue 'digital products are delivered after payment'): the owner's file in My products, the
 * buyer's download links on the paid page, and why a link is refused.
 */
export const downloadMessages = {
  digital_file_rejected: {
    es: "El archivo no es válido: usa PDF, ZIP, EPUB, MP3, MP4 o una imagen (JPG, PNG, WEBP) de hasta {max} MB.",
    en: "The file is not valid: use a PDF, ZIP, EPUB, MP3, MP4 or an image (JPG, PNG, WEBP) of up to {max} MB.",
    "es-AR": "El archivo no es válido: usá PDF, ZIP, EPUB, MP3, MP4 o una imagen (JPG, PNG, WEBP) de hasta {max} MB.",
  },
  digital_file_not_digital: {
    es: "Solo los productos digitales llevan un archivo descargable",
    en: "Only digital products carry a downloadable file",
  },
  download_not_found: {
    es: "El enlace de descarga no es válido",
    en: "The download link is not valid",
  },
  download_expired: {
    es: "Este enlace de descarga ya venció",
    en: "This download link has expired",
  },
  download_limit_reached: {
    es: "Ya usaste las {max} descargas de este archivo",
    en: "You have already used the {max} downloads of this file",
  },

  digital_file_title: { es: "Archivo descargable", en: "Downloadable file" },
  digital_file_hint: {
    es: "Tus compradores lo descargan después de pagar. PDF, ZIP, EPUB, MP3, MP4 o imagen, hasta {max} MB.",
    en: "Your buyers download it after paying. PDF, ZIP, EPUB, MP3, MP4 or image, up to {max} MB.",
  },
  digital_file_none: {
    es: "Aún no hay archivo: tus compradores no recibirán nada hasta que subas uno.",
    en: "No file yet: your buyers will receive nothing until you upload one.",
    "es-AR": "Todavía no hay archivo: tus compradores no van a recibir nada hasta que subas uno.",
  },
  digital_file_save_first: {
    es: "Guarda el producto para poder subir su archivo.",
    en: "Save the product to upload its file.",
    "es-AR": "Guardá el producto para poder subir su archivo.",
  },
  digital_file_upload: { es: "Subir archivo", en: "Upload file" },
  digital_file_replace: { es: "Reemplazar archivo", en: "Replace file" },
  digital_file_remove: { es: "Quitar archivo", en: "Remove file" },
  digital_file_uploading: { es: "Subiendo {name}… {percent}%", en: "Uploading {name}… {percent}%" },
  digital_file_saved: { es: "Archivo guardado", en: "File saved" },
  digital_file_removed: { es: "Archivo quitado", en: "File removed" },
  digital_file_upload_failed: {
    es: "No se pudo subir el archivo; inténtalo de nuevo",
    en: "The file could not be uploaded; please try again",
    "es-AR": "No se pudo subir el archivo; intentalo de nuevo",
  },

  downloads_title: { es: "Tus descargas", en: "Your downloads" },
  download_button: { es: "Descargar", en: "Download" },
  download_item: { es: "Descargar {name}", en: "Download {name}" },
  downloads_hint: {
    es: "Cada enlace funciona {days} días desde el pago y permite {max} descargas.",
    en: "Each link works for {days} days after payment and allows {max} downloads.",
  },
  digital_no_delivery: {
    es: "Tu compra es digital: no necesita envío. Recibirás los enlaces de descarga al pagar.",
    en: "Your purchase is digital: no shipping needed. You will get the download links once you pay.",
    "es-AR": "Tu compra es digital: no necesita envío. Vas a recibir los enlaces de descarga al pagar.",
  },
  continue_to_payment: { es: "Continuar al pago", en: "Continue to payment" },
} satisfies MessageGroup;
