import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { ContactInfo } from '#common/schemas/content.ts';
import { getJson } from '#client/lib/api-client.ts';
import { parseBusinessAddress } from '#common/business-address.ts';
import type { AddressPayload } from '../checkout-rules.ts';

// The contact address is also the tax origin. Same query key as the contact page,
// so the two share one cached answer.
export const CONTACT_INFO_URL = '/api/contact-info';

export const contactInfoQueryOptions = () => queryOptions({ queryKey: [CONTACT_INFO_URL], queryFn: () => getJson<ContactInfo>(CONTACT_INFO_URL) });

/** The origin address, or null when the shop's address is missing or short (the server's fallback applies). */
export async function getBusinessAddress(queryClient: QueryClient): Promise<AddressPayload | null> {
  try {
    const contact = await queryClient.fetchQuery(contactInfoQueryOptions());
    return parseBusinessAddress(contact?.address);
  } catch {
    // the server prices tax from its own copy of the address; the page's copy is informational
    return null;
  }
}
