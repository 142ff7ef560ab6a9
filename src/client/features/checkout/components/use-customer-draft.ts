import { useEffect, useRef, useState } from 'react';
import { useCurrentUser } from '#client/lib/session.ts';
import type { CustomerDraft } from '../checkout-rules.ts';

/** The customer fields, prefilled from the signed-in user without overwriting what the shopper typed. */
export function useCustomerDraft() {
  const { user } = useCurrentUser();
  const [customer, setCustomer] = useState<CustomerDraft>({ customerName: '', customerEmail: '', phone: '' });
  const prefilledFor = useRef<number | null>(null);
  useEffect(() => {
    if (!user || prefilledFor.current === user.id) return;
    prefilledFor.current = user.id;
    setCustomer((current) => ({
      ...current,
      // the saved full name only: a username is not a name to ship a parcel to
      customerName: current.customerName || (user.fullName ?? ''),
      customerEmail: current.customerEmail || (user.email ?? ''),
    }));
  }, [user]);

  function changeCustomer(field: keyof CustomerDraft, value: string) {
    setCustomer((current) => ({ ...current, [field]: value }));
  }

  return { customer, changeCustomer };
}
