/** The carriers an order can ship with; "other" needs the tracking page's address from the owner. */
export const CARRIERS = ['usps', 'ups', 'fedex', 'other'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_NAMES: Record<Carrier, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', other: 'Other' };

const TRACKING_PAGES: Record<Exclude<Carrier, 'other'>, string> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=',
  ups: 'https://www.ups.com/track?tracknum=',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr=',
};

/** The carrier's public tracking page for a parcel; null for "other", whose page the owner types in. */
export function trackingUrlFor(carrier: Carrier, trackingNumber: string): string | null {
  return carrier === 'other' ? null : `${TRACKING_PAGES[carrier]}${encodeURIComponent(trackingNumber)}`;
}
