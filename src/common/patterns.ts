// Text patterns checked on both sides; kept free of zod so light pages can import them.

/** "text, an at sign, text, a dot and text": what the shop accepts as an e-mail address at checkout. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Five digits, optionally a dash and four more. */
export const ZIP_PATTERN = /^\d{5}(-\d{4})?$/;
