import type { FuzzRequest } from './fuzz-requests.ts';
import type { Role } from './fuzz-shop.ts';

/**
 * Server errors the fuzz has found whose fix belongs to work in progress elsewhere. A 5xx that one of
 * these matches is counted, not failed; every other 5xx fails. Remove an entry once its fix lands: the
 * fuzz then holds the route to it.
 */
export interface KnownFinding {
  /** "POST /api/coupons/{id}", as the OpenAPI document names the operation */
  operation: string;
  roles?: Role[];
  /** what goes wrong, and where the fix belongs */
  finding: string;
  matches(request: FuzzRequest): boolean;
}

const text = (request: FuzzRequest) => (request.payload === undefined ? '' : request.payload.toString('utf8'));

export const KNOWN_FINDINGS: KnownFinding[] = [
  // known: a NUL character in a product CSV cell (e.g. the sku of a row of the shop's own export set to "nul\u0000inside") is a
  // 500 on preview and on commit=1: the batch looks the SKUs up in the database ("invalid byte sequence for encoding UTF8: 0x00")
  // before the row's control-character error is reported, as it is for "\u0007". Fix belongs to the product CSV import.
  {
    operation: 'POST /api/admin/products/import',
    roles: ['admin'],
    finding: 'product CSV import: a NUL in a cell reaches the database (500)',
    matches: (request) => text(request).includes('\u0000'),
  },
];

export function knownFinding(operation: string, role: Role, request: FuzzRequest): KnownFinding | undefined {
  return KNOWN_FINDINGS.find((known) => known.operation === operation && (known.roles?.includes(role) ?? true) && known.matches(request));
}
