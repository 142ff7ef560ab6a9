import type { SaveAddressInput, SavedAddressResult } from '#common/schemas/addresses.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** Adds the address to the signed-in customer's book; one they already have is answered, not saved twice. */
export const saveAddress = (input: SaveAddressInput): Promise<SavedAddressResult> => apiRequest<SavedAddressResult>('POST', '/api/account/addresses', input);
