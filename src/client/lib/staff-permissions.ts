import type { PublicUser } from '#common/schemas/accounts.ts';
import type { Permission } from '#common/staff-roles.ts';
import { useCurrentUser } from './session.ts';

/**
 * Whether the signed-in user's staff role has a permission (decision 052), from what /api/user says. The admin
 * only hides what a role may not use; the server refuses it either way. A user object without the list (an
 * older answer) falls back to the spec's isAdmin: the owner may do everything.
 */
export const userMay = (user: PublicUser | null, permission: Permission): boolean =>
  user?.permissions ? user.permissions.includes(permission) : Boolean(user?.isAdmin);

/** Anyone on the staff: the admin dashboard opens for them, with the tabs their role may use. */
export const isStaff = (user: PublicUser | null): boolean => Boolean(user?.role ?? user?.isAdmin);

export function useMay(permission: Permission): boolean {
  const { user } = useCurrentUser();
  return userMay(user, permission);
}
