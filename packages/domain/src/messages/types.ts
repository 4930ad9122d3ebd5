/** One message in every interface language; es-AR falls back to es when it says nothing of its own. */
export interface MessageText {
  es: string;
  en: string;
  "es-AR"?: string;
}

export type MessageGroup = Record<string, MessageText>;
