import { z } from 'zod';
import { flag } from './admin-fields.ts';
import { DEFAULT_PAGE_SIZE, pageFields, searchText } from './admin-lists.ts';

/** GET /api/users: a page, optionally a search on username or e-mail. */
export const UserListQuery = z.object({ ...pageFields(DEFAULT_PAGE_SIZE), q: searchText });
export type UserListQuery = z.infer<typeof UserListQuery>;

export const UserAdminInput = z.object({ isAdmin: flag('isAdmin') });
export type UserAdminInput = z.infer<typeof UserAdminInput>;

/** GET /api/users: never a password hash. */
export const UserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: z.string(),
});
export type UserRow = z.infer<typeof UserRow>;

export const EmailList = z.object({ emails: z.array(z.string()) });
export type EmailList = z.infer<typeof EmailList>;
