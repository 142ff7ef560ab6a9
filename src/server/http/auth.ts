import type { FastifyRequest } from 'fastify';
import { ROLE_LABELS, roleMay, type Permission, type StaffRole } from '#common/staff-roles.ts';
import { forbidden, unauthorized } from './errors.ts';
import { PERMISSION_REFUSALS, routePermission } from './route-permissions.ts';

/** Who is signed in, as every route sees it (the accounts module fills it in from the session cookie). */
export interface SessionUser {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  marketingConsent: boolean;
  /** the spec's admin flag: the owner's role */
  isAdmin: boolean;
  /** staff only (decision 052): what the admin routes let them do; null for customers */
  role: StaffRole | null;
  createdAt: Date;
  /** support staff: the most one refund of theirs may be, in cents (the owner sets it) */
  refundLimitCents?: number;
  /** set from the session: whether the user has two-factor sign-in, and whether the shop requires it of them */
  twoFactor?: { enabled: boolean; required: boolean };
}

export const TWO_FACTOR_SETUP_NEEDED = 'The shop requires two-factor sign-in for staff: set it up in your profile first';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** preHandler: anonymous visitors get 401. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
}

/**
 * preHandler for every admin route, before any input is read: anonymous 401, customers 403, staff 403 unless
 * their role has the permission the route table gives the route. A route missing from the table is refused
 * to everyone, the owner included (deny by default), naming the route.
 */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  const role = request.user.role;
  if (!role) throw forbidden();
  const twoFactor = request.user.twoFactor;
  if (twoFactor?.required && !twoFactor.enabled) throw forbidden(TWO_FACTOR_SETUP_NEEDED);
  const method = request.routeOptions.method;
  const url = request.routeOptions.url ?? request.url;
  const permission = routePermission(String(method), url);
  if (!permission) throw forbidden(`${String(method)} ${url} is closed: the route has no entry in the staff permission table`);
  requirePermission(request, permission);
}

/**
 * For a route whose input chooses a step that needs more than the route's own permission (an order's status
 * set to cancelled refunds it): 403 unless the signed-in staff member's role has it.
 */
export function requirePermission(request: FastifyRequest, permission: Permission): void {
  const role = request.user?.role;
  if (!role) throw forbidden();
  if (!roleMay(role, permission)) throw forbidden(`${ROLE_LABELS[role]} staff may not ${PERMISSION_REFUSALS[permission]}`);
}
