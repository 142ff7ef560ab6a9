import type { ApiIssue } from '#common/schemas/api-error.ts';

/**
 * Why the shop refused or could not do something, in its own words: services throw these and know
 * nothing of HTTP; the error handler (http/errors.ts) alone turns a kind into a status. The message
 * is shown to the user as it is (the spec's texts); `issues` name the fields it is about.
 */
export type DomainErrorKind =
  | 'invalid-input'
  | 'not-signed-in'
  | 'not-allowed'
  | 'not-found'
  /** the shop's state refuses it now: taken, in use, moved on, already done */
  | 'conflict'
  /** it existed, and is no more (an expired order link) */
  | 'gone'
  | 'too-large'
  | 'unsupported-media'
  /** the client holds or asked for more than its share (open checkouts, votes) */
  | 'quota-exceeded'
  /** a payment or mail provider refused or failed */
  | 'provider-failed'
  /** a service the shop needs is away for a moment (the image store) */
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly issues?: ApiIssue[],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

export const invalidInput = (message: string, issues?: ApiIssue[]) => new DomainError('invalid-input', message, issues);
export const notSignedIn = (message: string) => new DomainError('not-signed-in', message);
export const notAllowed = (message: string) => new DomainError('not-allowed', message);
export const notFound = (message: string) => new DomainError('not-found', message);
export const conflict = (message: string, issues?: ApiIssue[]) => new DomainError('conflict', message, issues);
export const gone = (message: string) => new DomainError('gone', message);
export const tooLarge = (message: string) => new DomainError('too-large', message);
export const unsupportedMedia = (message: string) => new DomainError('unsupported-media', message);
export const quotaExceeded = (message: string) => new DomainError('quota-exceeded', message);
export const providerFailed = (message: string) => new DomainError('provider-failed', message);
