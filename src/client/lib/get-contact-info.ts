import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContactInfo } from '#common/schemas/content.ts';
import { getJson } from '#client/lib/api-client.ts';

export const getContactInfo = (): Promise<ContactInfo> => getJson<ContactInfo>('/api/contact-info');

// same key as the contact page, so saving here refreshes it
export const contactInfoQueryOptions = () => queryOptions({ queryKey: ['/api/contact-info'], queryFn: getContactInfo });

export function useContactInfo() {
  return useQuery(contactInfoQueryOptions());
}
