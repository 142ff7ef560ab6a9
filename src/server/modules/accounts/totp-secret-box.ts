import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// A TOTP secret at rest (decision 053): AES-256-GCM, a fresh 12-byte nonce each time, the user's id as
// associated data so a sealed secret copied onto another account does not open. Stored as
// "v1.<nonce>.<tag>.<ciphertext>" (base64url), which a base32 secret can never look like.
const PREFIX = 'v1.';

export const isSealed = (stored: string) => stored.startsWith(PREFIX);

export function sealTotpSecret(key: Buffer, userId: number, secret: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `${PREFIX}${[nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
}

/** The secret itself; one stored before sealing (a shop upgraded from decision 048) is still readable as it is. */
export function openTotpSecret(key: Buffer, userId: number, stored: string): string {
  if (!isSealed(stored)) return stored;
  const [nonce, tag, sealed] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  const decipher = createDecipheriv('aes-256-gcm', key, nonce!);
  decipher.setAAD(Buffer.from(`totp:${userId}`));
  decipher.setAuthTag(tag!);
  return Buffer.concat([decipher.update(sealed!), decipher.final()]).toString('utf8');
}
