/** The office-hours message of the spec (§1): attended from 9am to 6pm. */
export const officeHours = { opens: 9, closes: 18 } as const;

export function isOfficeOpen(now: Date): boolean {
  const hour = now.getHours();
  return hour >= officeHours.opens && hour < officeHours.closes;
}
