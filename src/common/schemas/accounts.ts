// zod/mini rather than 'zod': the sign-in page validates with these same schemas, and mini is a
// fraction of the full library's weight on that route (docs/performance.md, /auth).
// The server parses with these same schemas. Mini carries no English locale: every message a form
// can show is spelled out here (the server's full zod supplies the defaults, e.g. for a non-object body).
import * as z from 'zod/mini';
import { PERMISSIONS, STAFF_ROLES } from '../staff-roles.ts';
import { Email } from './email.ts';

export { Email };

export const PublicUser = z.object({
  id: z.int(),
  username: z.string(),
  email: z.nullable(z.string()),
  fullName: z.nullable(z.string()),
  marketingConsent: z.boolean(),
  isAdmin: z.boolean(),
  // not in the spec's user object (decision 052): the staff role (isAdmin is the owner's), what it may do, and
  // for support staff the most one of their refunds may be, in cents
  role: z.optional(z.nullable(z.enum(STAFF_ROLES))),
  permissions: z.optional(z.array(z.enum(PERMISSIONS))),
  refundLimitCents: z.optional(z.int()),
  createdAt: z.string(),
  // not in the spec's user object: whether the user has two-factor sign-in, and whether the shop requires it of them
  twoFactor: z.optional(z.object({ enabled: z.boolean(), required: z.boolean() })),
});
export type PublicUser = z.infer<typeof PublicUser>;

// `username` carries a username or an e-mail address (the server tells them apart)
export const LoginInput = z.object({
  username: z.string({ error: 'Username is required' }).check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(254)),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(200)),
});
export type LoginInput = z.infer<typeof LoginInput>;

const NewPassword = z
  .string({ error: 'Password is required' })
  .check(z.minLength(8, 'Password must be at least 8 characters'), z.maxLength(200, 'Password must be at most 200 characters'));

// optional: an empty field clears it; as long as checkout's customer name may be. The forms send what
// this schema made of the field, so its own output (null) is accepted too.
const FullName = z.pipe(
  z.nullable(z.string().check(z.trim(), z.maxLength(200, 'Full name must be at most 200 characters'))),
  z.transform((name: string | null) => name || null),
);

// a ticked "e-mail me news and offers" box; unticked unless the shopper ticks it
const MarketingConsent = z.boolean({ error: 'Marketing consent must be true or false' });

// isAdmin is not part of it: registration can never grant admin rights
export const RegisterInput = z.object({
  username: z
    .string({ error: 'Username is required' })
    .check(
      z.trim(),
      z.minLength(3, 'Username must be at least 3 characters'),
      z.maxLength(50, 'Username must be at most 50 characters'),
      z.regex(/^[\w.-]+$/, 'Username may contain only letters, digits, dots, dashes and underscores'),
    ),
  password: NewPassword,
  email: Email,
  fullName: z.optional(FullName),
  marketingConsent: z.optional(MarketingConsent),
  // not in the spec's registration: true signs the new address up to the newsletter (double opt-in, decision 056)
  newsletter: z.optional(z.boolean({ error: 'Newsletter must be true or false' })),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

// each field is saved only when sent: the name form and the consent box save separately
export const ProfileUpdate = z.object({ fullName: z.optional(FullName), marketingConsent: z.optional(MarketingConsent) });
export type ProfileUpdate = z.infer<typeof ProfileUpdate>;

export const PasswordResetRequest = z.object({ email: Email });
export type PasswordResetRequest = z.infer<typeof PasswordResetRequest>;

export const PasswordReset = z.object({
  token: z.string({ error: 'The reset link is incomplete' }).check(z.minLength(1, 'The reset link is incomplete'), z.maxLength(200)),
  password: NewPassword,
});
export type PasswordReset = z.infer<typeof PasswordReset>;

/** The answer to a reset request, the same whether or not the address has an account. */
export const PASSWORD_RESET_REQUESTED = 'If an account uses that email address, we have sent it a link to choose a new password. The link works for 1 hour.';

// ---- the profile's e-mail and password changes --------------------------------------------

const CurrentPassword = z.string({ error: 'Current password is required' }).check(z.minLength(1, 'Current password is required'), z.maxLength(200));

/** Changing the e-mail address: the new one must be confirmed through a link sent to it. */
export const ChangeEmailInput = z.object({ newEmail: Email, currentPassword: CurrentPassword });
export type ChangeEmailInput = z.infer<typeof ChangeEmailInput>;

/** The answer to a change request, the same whether or not another account uses the new address. */
export const EMAIL_CHANGE_REQUESTED =
  'We have sent a confirmation link to your new email address. Your email changes when you open it; the link works for 24 hours.';

/** The token from the confirmation link. */
export const ConfirmEmailChangeInput = z.object({
  token: z.string({ error: 'The confirmation link is incomplete' }).check(z.minLength(1, 'The confirmation link is incomplete'), z.maxLength(200)),
});
export type ConfirmEmailChangeInput = z.infer<typeof ConfirmEmailChangeInput>;

/** Changing the password: the current one first; the new one follows registration's rule. */
export const ChangePasswordInput = z.object({ currentPassword: CurrentPassword, newPassword: NewPassword });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;
