// A customer's saved addresses (the profile's address book; checkout offers them and may save one).
// zod/mini, like accounts.ts: the profile page validates with these same schemas and the full library
// would weigh more than the route's budget (docs/performance.md). The server parses with them too.
import * as z from 'zod/mini';
import { CA_PROVINCE_CODES, checkRegion, normalizeCanadianPostalCode, SHIPPING_COUNTRIES, type ShippingCountry } from '../canadian-address.ts';
import { US_STATE_CODES } from '../constants.ts';
import { ZIP_PATTERN } from '../patterns.ts';

// the limit lives with the other constants, so the profile reads it without loading zod
export { MAX_SAVED_ADDRESSES } from '../constants.ts';

// spaces collapsed: "12  Main St" and "12 Main St" are one address to a shopper, and to the duplicate check
const collapseSpaces = z.transform((value: string) => value.replace(/\s+/g, ' '));

const requiredText = (label: string, max: number) =>
  z.pipe(
    z
      .string({ error: `${label} is required` })
      .check(z.trim(), z.minLength(1, `${label} is required`), z.maxLength(max, `${label} must be at most ${max} characters`)),
    collapseSpaces,
  );

// shoppers type "ca" as readily as "CA"; a code of neither country is refused with the others' issues, and
// which codes are right for the address's country is checkRegion's answer once every field is whole
const REGION_CODES: readonly string[] = [...US_STATE_CODES, ...CA_PROVINCE_CODES];
const StateCode = z.string({ error: 'Please choose a US state' }).check(
  z.trim(),
  z.toUpperCase(),
  z.refine((code) => REGION_CODES.includes(code), 'Please choose a US state'),
);

// "ZIP code" in the spec's words; a Canadian postal code is checked and normalised by checkRegion
const ZipCode = z.string({ error: 'ZIP code is required' }).check(
  z.trim(),
  z.minLength(1, 'ZIP code is required'),
  z.refine((zip) => ZIP_PATTERN.test(zip) || normalizeCanadianPostalCode(zip) !== null, 'Please enter a valid ZIP code'),
);

const Country = z.enum(SHIPPING_COUNTRIES, { error: 'Country must be US or CA' });

// optional: an empty field means none
const Phone = z.pipe(
  z.nullable(z.string({ error: 'Phone must be text' }).check(z.trim(), z.maxLength(40, 'Phone must be at most 40 characters'))),
  z.transform((phone: string | null) => (phone ? phone.replace(/\s+/g, ' ') : null)),
);

const IsDefaultShipping = z.boolean({ error: 'Default shipping must be true or false' });

const addressFields = {
  fullName: requiredText('Full name', 200),
  street: requiredText('Street address', 200),
  city: requiredText('City', 100),
  state: StateCode,
  zip: ZipCode,
};

/**
 * POST /api/account/addresses. Saving an address the customer already has answers that one (200, no
 * second row); isDefaultShipping true makes it the default in place of any other. The country is US unless
 * it says CA (docs/decisions/069); a Canadian postal code is kept as "K1A 0B1".
 */
export const SaveAddressInput = z.pipe(
  z.object({
    ...addressFields,
    country: z.optional(Country),
    phone: z.optional(Phone),
    isDefaultShipping: z.optional(IsDefaultShipping),
  }),
  z.transform((address, ctx) => {
    const country: ShippingCountry = address.country ?? 'US';
    const region = checkRegion({ country, state: address.state, zip: address.zip }, US_STATE_CODES, ZIP_PATTERN);
    if (!region.ok) {
      ctx.issues.push({ code: 'custom', message: region.message, path: [region.field], input: address });
      return z.NEVER;
    }
    // the country left out stays out (US), so a US address is the same body as before Canada
    return { ...address, zip: region.zip };
  }),
);
export type SaveAddressInput = z.input<typeof SaveAddressInput>;
/** What the server saves: trimmed, spaces collapsed, the state in capitals, an empty phone null. */
export type NewSavedAddress = z.output<typeof SaveAddressInput>;

/**
 * PATCH /api/account/addresses/:id: only the fields sent change; isDefaultShipping false leaves no default.
 * The state and postal code are checked against the country once merged with the saved address.
 */
export const UpdateAddressInput = z
  .object({
    fullName: z.optional(addressFields.fullName),
    street: z.optional(addressFields.street),
    city: z.optional(addressFields.city),
    state: z.optional(addressFields.state),
    zip: z.optional(addressFields.zip),
    country: z.optional(Country),
    phone: z.optional(Phone),
    isDefaultShipping: z.optional(IsDefaultShipping),
  })
  .check(z.refine((fields) => Object.values(fields).some((value) => value !== undefined), 'Nothing to change'));
export type UpdateAddressInput = z.input<typeof UpdateAddressInput>;
export type AddressChanges = z.output<typeof UpdateAddressInput>;

export const SavedAddress = z.object({
  id: z.int(),
  fullName: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  country: Country,
  phone: z.nullable(z.string()),
  isDefaultShipping: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SavedAddress = z.infer<typeof SavedAddress>;

/** GET /api/account/addresses: the default first, then the newest. */
export const SavedAddressList = z.object({ addresses: z.array(SavedAddress) });
export type SavedAddressList = z.infer<typeof SavedAddressList>;

/** The answer to saving or changing one address. */
export const SavedAddressResult = z.object({ address: SavedAddress });
export type SavedAddressResult = z.infer<typeof SavedAddressResult>;
