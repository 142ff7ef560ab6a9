import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes for a cookie or a link; only its hash is ever stored. */
export const newSecretToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
