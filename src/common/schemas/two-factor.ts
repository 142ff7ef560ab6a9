// zod/mini, as accounts.ts: the sign-in page's second step validates with these
import * as z from 'zod/mini';

/** POST /api/login's answer when the password passed for an account with two-factor sign-in: no session yet. */
export const TwoFactorChallenge = z.object({
  twoFactorRequired: z.literal(true),
  loginToken: z.string(),
  expiresAt: z.string(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallenge>;

// six digits from the authenticator app, or a recovery code (letters, digits, a dash)
const Code = z
  .string({ error: 'Code is required' })
  .check(z.trim(), z.minLength(1, 'Code is required'), z.maxLength(20, 'That code is not correct'), z.regex(/^[\w -]+$/, 'That code is not correct'));

export const TwoFactorLoginInput = z.object({
  loginToken: z.string({ error: 'Your sign-in has expired, please sign in again' }).check(z.minLength(1), z.maxLength(200)),
  code: Code,
});
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginInput>;

export const TwoFactorCodeInput = z.object({ code: Code });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

export const DisableTwoFactorInput = z.object({
  password: z.string({ error: 'Current password is required' }).check(z.minLength(1, 'Current password is required'), z.maxLength(200)),
  code: Code,
});
export type DisableTwoFactorInput = z.infer<typeof DisableTwoFactorInput>;

export const TwoFactorStatus = z.object({ enabled: z.boolean(), required: z.boolean(), recoveryCodesLeft: z.int() });
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;

/** A new secret for the authenticator app: shown until its first code is confirmed. */
export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUri: z.string(), qrSvg: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;

/** Shown once, after the first code: each works once in place of the app's code. */
export const RecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodes>;

export const AccountSession = z.object({
  id: z.string(),
  createdAt: z.string(),
  lastSeenAt: z.nullable(z.string()),
  userAgent: z.nullable(z.string()),
  ip: z.nullable(z.string()),
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof AccountSession>;
export const AccountSessions = z.array(AccountSession);

export const SessionIdParams = z.object({ id: z.string().check(z.minLength(1), z.maxLength(64)) });

export const AdminSecuritySettings = z.object({ requireAdminTwoFactor: z.boolean({ error: 'requireAdminTwoFactor must be true or false' }) });
export type AdminSecuritySettings = z.infer<typeof AdminSecuritySettings>;
