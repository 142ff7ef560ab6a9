import { createHash, randomInt } from 'node:crypto';
import { GIFT_CARD_CODE_ALPHABET, GIFT_CARD_CODE_LENGTH } from '#common/gift-cards.ts';

/** A new code from the system's CSPRNG, each character uniform over the alphabet. */
export function newGiftCardCode(): string {
  let code = '';
  for (let index = 0; index < GIFT_CARD_CODE_LENGTH; index += 1) code += GIFT_CARD_CODE_ALPHABET[randomInt(GIFT_CARD_CODE_ALPHABET.length)];
  return code;
}

/**
 * What is stored in place of the code. The code carries about 79 bits of randomness, so a plain SHA-256 is
 * enough: no one can walk the space backwards from a leaked table, and the lookup stays one index probe.
 */
export function hashGiftCardCode(normalizedCode: string): string {
  return createHash('sha256').update(`gift-card:${normalizedCode}`).digest('hex');
}
