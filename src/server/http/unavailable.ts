// the answer while the database (or another service we need) is away: the error handler's, the
// response cache's, readiness's and the rendered pages' 503s say the same
export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying while the database (or another service we need) is away. */
export const RETRY_AFTER_SECONDS = 5;
