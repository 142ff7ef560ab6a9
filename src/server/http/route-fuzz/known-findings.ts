import type { FuzzRequest } from './fuzz-requests.ts';
import type { Role } from './fuzz-examples.ts';

/**
 * Server errors the fuzz has found whose fix belongs to work in progress elsewhere. A 5xx that one of
 * these matches is counted, not failed; every other 5xx fails. Remove an entry once its fix lands: the
 * fuzz then holds the route to it.
 */
interface KnownFinding {
  /** "POST /api/coupons/{id}", as the OpenAPI document names the operation */
  operation: string;
  roles?: Role[];
  /** what goes wrong, and where the fix belongs */
  finding: string;
  matches(request: FuzzRequest): boolean;
}

const KNOWN_FINDINGS: KnownFinding[] = [];

export function knownFinding(operation: string, role: Role, request: FuzzRequest): KnownFinding | undefined {
  return KNOWN_FINDINGS.find((known) => known.operation === operation && (known.roles?.includes(role) ?? true) && known.matches(request));
}
