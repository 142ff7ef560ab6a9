import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

/**
 * The origin absolute links start with: PUBLIC_URL when set, else the one the request came to, as the
 * password reset's links do (accounts/password-reset-routes.ts). No trailing slash.
 */
export function shopOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: Pick<FastifyRequest, 'protocol' | 'host'>): string {
  return (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
