import { users } from '#server/db/schema.ts';

/** The columns of a signed-in user (SessionUser): everything but the password hash. */
export const sessionUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  fullName: users.fullName,
  marketingConsent: users.marketingConsent,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
};
