/** WhatsApp's green, darkened so white text on it keeps a 4.5:1 contrast (Mantine's darkest green has 4.36:1). */
export const WHATSAPP_COLOR = "#1e7a34";
