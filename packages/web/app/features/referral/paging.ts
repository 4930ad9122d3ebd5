/** Page sizes of the referral pages (the spec's default table size, 10). */
export const campaignsPerPage = 10;
export const promotedPerPage = 10;
