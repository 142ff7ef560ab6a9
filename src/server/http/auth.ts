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
}

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
}
