import type { FastifyRequest } from 'fastify';
import { forbidden, unauthorized } from './errors.ts';

/** Who is signed in, as every route sees it (the accounts module fills it in from the session cookie). */
export interface SessionUser {
  id: number;
  username: string;
  email: string | null;
  fullName: string | null;
  marketingConsent: boolean;
  isAdmin: boolean;
  createdAt: Date;
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

/** preHandler for every admin route: anonymous 401, signed-in non-admin 403, before any input is read. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (!request.user) throw unauthorized();
  if (!request.user.isAdmin) throw forbidden();
  const twoFactor = request.user.twoFactor;
  if (twoFactor?.required && !twoFactor.enabled) throw forbidden(TWO_FACTOR_SETUP_NEEDED);
}
