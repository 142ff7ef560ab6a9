// zod/mini rather than 'zod': the sign-in page validates with these same schemas, and mini is a
// fraction of the full library's weight on that route (docs/performance.md, /auth).
// The server parses with these same schemas. Mini carries no English locale: every message a form
// can show is spelled out here (the server's full zod supplies the defaults, e.g. for a non-object body).
import * as z from 'zod/mini';

export const PublicUser = z.object({
  id: z.int(),
  username: z.string(),
  email: z.nullable(z.string()),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const LoginInput = z.object({
  username: z.string({ error: 'Username is required' }).check(z.trim(), z.minLength(1, 'Username is required'), z.maxLength(100)),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, 'Password is required'), z.maxLength(200)),
});
export type LoginInput = z.infer<typeof LoginInput>;

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
  password: z
    .string({ error: 'Password is required' })
    .check(z.minLength(8, 'Password must be at least 8 characters'), z.maxLength(200, 'Password must be at most 200 characters')),
  // stored lowercase: people type e-mails in any case
  email: z.pipe(
    z.pipe(z.string({ error: 'Email is required' }).check(z.trim(), z.minLength(1, 'Email is required')), z.email('Please enter a valid email address')),
    z.transform((email: string) => email.toLowerCase()),
  ),
});
export type RegisterInput = z.infer<typeof RegisterInput>;
