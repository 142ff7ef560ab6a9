import { z } from 'zod';
import { flag, isBlank } from './admin-fields.ts';
import { DEFAULT_PAGE_SIZE, pageFields, searchText } from './admin-lists.ts';

export const USER_ROLES = ['admin', 'regular'] as const;
export const CONSENT_FILTERS = ['yes', 'no'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export type ConsentFilter = (typeof CONSENT_FILTERS)[number];

const choice = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.preprocess((value) => (isBlank(value) ? undefined : value), z.enum(values, { error: `${name} must be one of ${values.join(', ')}` }).optional());

/** GET /api/users: a page, optionally a search on username or e-mail, admins or regular users, and by marketing consent. */
export const UserListQuery = z.object({
  ...pageFields(DEFAULT_PAGE_SIZE),
  q: searchText,
  role: choice('role', USER_ROLES),
  consent: choice('consent', CONSENT_FILTERS),
});
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserAdminInput = z.object({ isAdmin: flag('isAdmin') });
export type UserAdminInput = z.infer<typeof UserAdminInput>;

/** GET /api/users: never a password hash. */
export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  marketingConsent: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

export const EmailList = z.object({ emails: z.array(z.string()) });
export type EmailList = z.infer<typeof EmailList>;
