// Canadian provinces and postal codes, checked on both sides; kept free of zod so light pages can import them.

export const CA_PROVINCES = [
  ['AB', 'Alberta'],
  ['BC', 'British Columbia'],
  ['MB', 'Manitoba'],
  ['NB', 'New Brunswick'],
  ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'],
  ['NT', 'Northwest Territories'],
  ['NU', 'Nunavut'],
  ['ON', 'Ontario'],
  ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'],
  ['SK', 'Saskatchewan'],
  ['YT', 'Yukon'],
] as const;
export type CaProvinceCode = (typeof CA_PROVINCES)[number][0];
export const CA_PROVINCE_CODES = CA_PROVINCES.map(([code]) => code) as [CaProvinceCode, ...CaProvinceCode[]];

/** The countries checkout can ship to: the US always, Canada where a zone covers the province. */
export const SHIPPING_COUNTRIES = ['US', 'CA'] as const;
export type ShippingCountry = (typeof SHIPPING_COUNTRIES)[number];

// Canada Post never uses D, F, I, O, Q or U (read as other letters by sorting machines), nor W or Z first
const POSTAL_CODE_PATTERN = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]) ?(\d[ABCEGHJ-NPRSTV-Z]\d)$/;

/**
 * "k1a0b1", "K1A-0B1" or " k1a 0b1 " as "K1A 0B1", the form Canada Post prints and carriers match;
 * null when it is not a Canadian postal code.
 */
export function normalizeCanadianPostalCode(text: string): string | null {
  const match = POSTAL_CODE_PATTERN.exec(
    text
      .trim()
      .toUpperCase()
      .replace(/[\s-]+/g, ' '),
  );
  return match ? `${match[1]} ${match[2]}` : null;
}

export const isCanadianProvince = (code: string): code is CaProvinceCode => (CA_PROVINCE_CODES as readonly string[]).includes(code);

/**
 * A region code and postal code checked against the country, as every address form and route checks
 * them: the postal code as it is kept (a Canadian one normalised), or the field that is wrong and why.
 * The US words are the spec's.
 */
export function checkRegion(
  address: { country: ShippingCountry; state: string; zip: string },
  usStateCodes: readonly string[],
  zipPattern: RegExp,
): { ok: true; zip: string } | { ok: false; field: 'state' | 'zip'; message: string } {
  if (address.country === 'CA') {
    if (!isCanadianProvince(address.state)) return { ok: false, field: 'state', message: CHOOSE_PROVINCE };
    const zip = normalizeCanadianPostalCode(address.zip);
    return zip === null ? { ok: false, field: 'zip', message: INVALID_POSTAL_CODE } : { ok: true, zip };
  }
  if (!usStateCodes.includes(address.state)) return { ok: false, field: 'state', message: 'Please choose a US state' };
  const zip = address.zip.trim();
  return zipPattern.test(zip) ? { ok: true, zip } : { ok: false, field: 'zip', message: 'Please enter a valid ZIP code' };
}

export const CHOOSE_PROVINCE = 'Please choose a Canadian province or territory';
export const INVALID_POSTAL_CODE = 'Please enter a valid postal code, such as K1A 0B1';
