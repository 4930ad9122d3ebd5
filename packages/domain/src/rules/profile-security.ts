import { normalizeEmail } from "./registration";

/** What recovers or opens an account: changing any of these asks for the current password (issue 31). */
export type SensitiveField = "password" | "email" | "phone";

/**
 * The sensitive fields a profile update really changes. The profile form sends the e-mail and phone it shows even when
 * they are unchanged, so those count only when they differ from the stored ones (e-mails compared normalized; a phone
 * by its country code and digits).
 */
export function sensitiveChanges(
  stored: { email: string | null; phone: string | null; country_code: string | null },
  update: { email?: string; phone?: string; country_code?: string; password?: string },
): SensitiveField[] {
  const changed: SensitiveField[] = [];
  if (update.password !== undefined) changed.push("password");
  if (update.email !== undefined && normalizeEmail(update.email) !== normalizeEmail(stored.email ?? "")) changed.push("email");
  const phoneChanged = update.phone !== undefined && update.phone !== (stored.phone ?? "");
  const codeChanged =
    update.phone !== undefined && update.country_code !== undefined && update.country_code !== (stored.country_code ?? "");
  if (phoneChanged || codeChanged) changed.push("phone");
  return changed;
}
