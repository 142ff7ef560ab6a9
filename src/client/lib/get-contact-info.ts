import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactInfo } from '#common/schemas/content.ts';
import { getJson, type ReadContext } from '#client/lib/api-client.ts';

const getContactInfo = ({ meta }: ReadContext = {}): Promise<ContactInfo> => getJson<ContactInfo>('/api/contact-info', { meta });

// one definition for the contact page, the rendered pages' loaders, the admin's Contact tab (its save refreshes
// every reader) and the packing slip
export const contactInfoQueryOptions = () => queryOptions({ queryKey: ['/api/contact-info'], queryFn: getContactInfo });

export function useContactInfo() {
  return useQuery(contactInfoQueryOptions());
}
