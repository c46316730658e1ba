/**
 * The seller's details every page's footer shows (전자상거래법 제10조), read from configuration (BUSINESS_*,
 * app/config.server.ts) and handed to the pages by the root loader. Null fields are not configured (and not shown).
 */
export type BusinessDetails = {
  name: string | null;
  ceo: string | null;
  registrationNo: string | null;
  mailOrderNo: string | null;
  address: string | null;
  phone: string | null;
  email: string | null;
  hours: string | null;
  /** True when the experience environment shows its example details (no BUSINESS_* variable set). */
  example: boolean;
};
