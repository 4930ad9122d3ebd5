import type { MessageGroup } from "./types";

/**
 * Product reviews (commerce-and-accounts §3 'Reviews: title, qualification, text, photos'; §8 'Rating: saved or 'Error
 * saving the rating, please try again later''): the customer's form on the purchase page, the product page's section and
 * the supplier's answers.
 */
export const reviewMessages = {
  rating_saved: { es: "Calificación guardada", en: "Rating saved" },
  rating_save_error: {
    es: "Error al guardar la calificación, por favor intenta más tarde",
    en: "Error saving the rating, please try again later",
    "es-AR": "Error al guardar la calificación, por favor intentá más tarde",
  },
  review_already_exists: {
    es: "Ya calificaste este producto",
    en: "You have already rated this product",
  },
  review_not_purchased: {
    es: "Solo quien compró este producto puede calificarlo",
    en: "Only someone who bought this product can rate it",
    "es-AR": "Solo quien compró este producto puede calificarlo",
  },
  review_not_delivered: {
    es: "Podrás calificar este producto cuando tu pedido sea entregado",
    en: "You can rate this product once your order is delivered",
    "es-AR": "Vas a poder calificar este producto cuando tu pedido sea entregado",
  },
  review_already_answered: { es: "Esta reseña ya tiene respuesta", en: "This review already has an answer" },
  review_not_found: { es: "Reseña no encontrada", en: "Review not found" },
  review_qualification_invalid: { es: "Elige de 1 a 5 estrellas", en: "Choose 1 to 5 stars", "es-AR": "Elegí de 1 a 5 estrellas" },
  review_title_too_long: { es: "Máximo 120 caracteres", en: "At most 120 characters" },
  review_text_too_long: { es: "Máximo 2000 caracteres", en: "At most 2000 characters" },
  review_answer_too_long: { es: "Máximo 2000 caracteres", en: "At most 2000 characters" },
  review_photos_too_many: { es: "Máximo 5 fotos", en: "At most 5 photos" },
  review_photo_rejected: {
    es: "ERROR: El tamaño de archivo de la imagen sobrepasa el máximo permitido ({max}MB) o el formato de la imagen es inválido, por favor intente con otra.",
    en: "ERROR: The image file exceeds the maximum size allowed ({max}MB) or its format is invalid, please try another one.",
    "es-AR":
      "ERROR: El tamaño de archivo de la imagen sobrepasa el máximo permitido ({max}MB) o el formato de la imagen es inválido, por favor probá con otra.",
  },

  reviews_title: { es: "Opiniones", en: "Reviews" },
  reviews_empty: {
    es: "Este producto aún no tiene opiniones.",
    en: "This product has no reviews yet.",
    "es-AR": "Este producto todavía no tiene opiniones.",
  },
  reviews_count: { es: "{count} opiniones", en: "{count} reviews" },
  reviews_count_one: { es: "1 opinión", en: "1 review" },
  reviews_average_label: { es: "{average} de 5 estrellas", en: "{average} out of 5 stars" },
  reviews_stars_label: { es: "{stars} estrellas", en: "{stars} stars" },
  reviews_star_one: { es: "1 estrella", en: "1 star" },
  reviews_distribution_label: { es: "{stars} estrellas: {count} opiniones", en: "{stars} stars: {count} reviews" },
  reviews_distribution: { es: "Distribución de calificaciones", en: "Rating distribution" },
  reviews_photo_alt: { es: "Foto {number} de la opinión «{title}»", en: "Photo {number} of the review “{title}”" },
  reviews_customer: { es: "Cliente", en: "Customer" },
  reviews_by: { es: "{name} · {date}", en: "{name} · {date}" },
  reviews_answer_from: { es: "Respuesta del vendedor", en: "Seller's answer" },
  reviews_answer_action: { es: "Responder", en: "Answer" },
  reviews_answer_label: { es: "Tu respuesta", en: "Your answer" },
  reviews_answer_send: { es: "Publicar respuesta", en: "Post answer" },
  reviews_answer_saved: { es: "Respuesta publicada", en: "Answer posted" },
  reviews_pages: { es: "Páginas de opiniones", en: "Review pages" },
  reviews_load_error: {
    es: "No pudimos cargar las opiniones. Intenta de nuevo.",
    en: "We could not load the reviews. Try again.",
    "es-AR": "No pudimos cargar las opiniones. Probá de nuevo.",
  },

  review_rate_action: { es: "Calificar", en: "Rate" },
  review_rate_title: { es: "Calificar «{name}»", en: "Rate “{name}”" },
  review_rated: { es: "Calificado: {stars} de 5", en: "Rated: {stars} of 5" },
  review_field_qualification: { es: "Calificación", en: "Rating" },
  review_field_title: { es: "Título", en: "Title" },
  review_field_title_placeholder: { es: "Resume tu experiencia", en: "Sum up your experience", "es-AR": "Resumí tu experiencia" },
  review_field_text: { es: "Tu opinión", en: "Your review" },
  review_field_text_placeholder: {
    es: "¿Qué te gustó o no te gustó del producto?",
    en: "What did you like or dislike about the product?",
  },
  review_field_photos: { es: "Fotos (hasta 5)", en: "Photos (up to 5)" },
  review_field_photos_hint: {
    es: "JPG, PNG o WEBP de hasta 4 MB cada una",
    en: "JPG, PNG or WEBP up to 4 MB each",
  },
  review_photo_add: { es: "Agregar fotos", en: "Add photos" },
  review_photo_remove: { es: "Quitar foto {number}", en: "Remove photo {number}" },
  review_submit: { es: "Publicar calificación", en: "Post rating" },
  review_final_note: {
    es: "Tu calificación se publica en la página del producto y no se puede editar después.",
    en: "Your rating is published on the product page and cannot be edited afterwards.",
  },

  shop_reviews_title: { es: "Opiniones de mis productos", en: "Reviews of my products" },
  shop_reviews_unanswered: { es: "Solo sin respuesta", en: "Unanswered only" },
  shop_reviews_empty: { es: "No hay opiniones por ahora.", en: "No reviews for now." },
  shop_reviews_product: { es: "Producto: {name}", en: "Product: {name}" },
} satisfies MessageGroup;
