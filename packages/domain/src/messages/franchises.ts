import type { MessageGroup } from "./types";

/** Franchises and affinity stores (commerce-and-accounts §2 'Franchise modal', §8 franchise toasts). */
export const franchiseMessages = {
  franchise_store_required: {
    es: "Solo las tiendas franquicia pueden agregar franquicias y tiendas afines",
    en: "Only franchise stores can add franchises and affinity stores",
  },
  franchise_not_available: {
    es: "Esta tienda no se puede agregar a tu tienda",
    en: "This store cannot be added to your store",
  },
  franchise_added: { es: "La franquicia se agregó a tu tienda", en: "The franchise was added to your store" },
  franchise_removed: { es: "La franquicia se eliminó de tu tienda", en: "The franchise was removed from your store" },
  franchises_title: { es: "Franquicias", en: "Franchises" },
  franchises_public_intro: {
    es: "Tiendas franquicia y afines de {shop}",
    en: "Franchise and affinity stores of {shop}",
  },
  franchises_empty: {
    es: "Esta tienda todavía no tiene franquicias",
    en: "This store has no franchises yet",
    "es-AR": "Esta tienda todavía no tiene franquicias",
  },
  franchises_admin_title: { es: "Mis franquicias", en: "My franchises" },
  franchises_admin_intro: {
    es: "Agrega a tu tienda franquicias y tiendas afines; tus visitantes las verán en Franquicias.",
    en: "Add franchises and affinity stores to your store; your visitors will see them under Franchises.",
    "es-AR": "Agregá a tu tienda franquicias y tiendas afines; tus visitantes las van a ver en Franquicias.",
  },
  franchises_admin_empty: {
    es: "Aún no agregas franquicias. Búscalas con «Agregar franquicias».",
    en: "You have not added franchises yet. Find them with 'Add franchises'.",
    "es-AR": "Todavía no agregaste franquicias. Buscalas con «Agregar franquicias».",
  },
  franchises_not_franchise: {
    es: "Solo las tiendas franquicia pueden agregar franquicias y tiendas afines.",
    en: "Only franchise stores can add franchises and affinity stores.",
  },
  franchises_add_button: { es: "Agregar franquicias", en: "Add franchises" },
  franchise_modal_title: { es: "Franquicias y tiendas afines", en: "Franchises and affinity stores" },
  franchise_search: { es: "Buscar por nombre", en: "Search by name" },
  franchise_list_label: { es: "Tiendas disponibles", en: "Available stores" },
  franchise_matches: { es: "Tiendas encontradas: {count}", en: "Stores found: {count}" },
  franchise_no_results: { es: "No encontramos tiendas con ese nombre", en: "No stores found with that name" },
  franchise_add: { es: "Agregar a mi tienda", en: "Add to my store" },
  franchise_remove: { es: "Quitar de mi tienda", en: "Remove from my store" },
  franchise_add_short: { es: "Agregar", en: "Add" },
  franchise_remove_short: { es: "Quitar", en: "Remove" },
  franchise_add_named: { es: "Agregar {name} a mi tienda", en: "Add {name} to my store" },
  franchise_remove_named: { es: "Quitar {name} de mi tienda", en: "Remove {name} from my store" },
  franchise_undo_named: { es: "Deshacer: conservar {name}", en: "Undo: keep {name}" },
  franchise_removing: { es: "Se quitará en 5 segundos", en: "Will be removed in 5 seconds", "es-AR": "Se va a quitar en 5 segundos" },
  franchise_in_store: { es: "En mi tienda", en: "In my store" },
  franchise_not_public: { es: "No pública", en: "Not public" },
  franchise_type_franchise: { es: "Franquicia", en: "Franchise" },
  franchise_type_affinity: { es: "Tienda afín", en: "Affinity store" },
  franchise_loading_more: { es: "Cargando más tiendas…", en: "Loading more stores…" },
  franchise_visit: { es: "Visitar {name}", en: "Visit {name}" },
} satisfies MessageGroup;
