/** Platform configuration flags the interface reads (build-time; VITE_DIGITAL_PRODUCTS=false turns digital products off). */
export const digitalProductsEnabled = import.meta.env.VITE_DIGITAL_PRODUCTS !== "false";
