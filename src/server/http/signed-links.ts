import { createHmac, timingSafeEqual } from 'node:crypto';

/** What a link's token names: a row's id and, for a single-use link, the nonce the row holds until it is used. */
export interface SignedSubject {
  id: number;
  nonce?: string;
}

export interface SignedLinks<Purpose extends string> {
  /** The absolute address `<path>/<purpose>?token=…` for one row. */
  url(purpose: Purpose, subject: SignedSubject): string;
  /** The subject a token names, or null for a tampered, foreign or malformed one. */
  check(purpose: Purpose, token: string): SignedSubject | null;
}

const NONCE = /^[A-Za-z0-9_-]{8,64}$/;

/**
 * Links in e-mails that act without a session (confirm, unsubscribe, restore a cart): the token is
 * `<id>[.<nonce>].<HMAC(purpose, id, nonce)>`, nothing stored but the optional nonce. They never expire
 * (an unsubscribe link must keep working); a link that must work once signs a nonce its row clears when
 * used. The key is derived from the session secret for one use (`use`), so no other signature can
 * stand in for one.
 */
export function createSignedLinks<Purpose extends string>(options: {
  sessionSecret: string;
  use: string;
  publicBase: string;
  /** the API path the purposes hang under, e.g. `/api/newsletter` */
  path: string;
}): SignedLinks<Purpose> {
  const key = createHmac('sha256', options.sessionSecret).update(options.use).digest();
  const signature = (purpose: string, { id, nonce }: SignedSubject) =>
    createHmac('sha256', key)
      .update(nonce === undefined ? `${purpose}\n${id}` : `${purpose}\n${id}\n${nonce}`)
      .digest('base64url');
  return {
    url(purpose, subject) {
      const token = [subject.id, subject.nonce, signature(purpose, subject)].filter((part) => part !== undefined).join('.');
      return new URL(`${options.path}/${purpose}?token=${token}`, options.publicBase).toString();
    },
    check(purpose, token) {
      const parts = token.split('.');
      if (parts.length !== 2 && parts.length !== 3) return null;
      const idText = parts[0]!;
      const id = Number(idText);
      if (!/^[1-9]\d{0,9}$/.test(idText) || id > 2_147_483_647) return null;
      const nonce = parts.length === 3 ? parts[1]! : undefined;
      if (nonce !== undefined && !NONCE.test(nonce)) return null;
      const subject = nonce === undefined ? { id } : { id, nonce };
      const wanted = Buffer.from(signature(purpose, subject));
      const actual = Buffer.from(parts.at(-1)!);
      return actual.length === wanted.length && timingSafeEqual(actual, wanted) ? subject : null;
    },
  };
}
