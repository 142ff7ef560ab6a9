import { z } from 'zod';
import { STAFF_ROLES } from '../staff-roles.ts';
import { Email, RegisterInput } from './accounts.ts';

const Role = z.enum(STAFF_ROLES, { error: `Role must be one of ${STAFF_ROLES.join(', ')}` });

/** POST /api/admin/staff/invitations: who to invite, and as what. */
export const StaffInvitationInput = z.object({ email: Email, role: Role });
export type StaffInvitationInput = z.infer<typeof StaffInvitationInput>;

/** PATCH /api/admin/staff/:id: another role for a member of the staff. */
export const StaffRoleInput = z.object({ role: Role });
export type StaffRoleInput = z.infer<typeof StaffRoleInput>;

/** PUT /api/admin/staff/refund-limit: the most one refund by support staff may be, in cents. */
export const RefundLimitInput = z.object({
  limitCents: z
    .number({ error: 'The refund limit must be a whole number of cents' })
    .int('The refund limit must be a whole number of cents')
    .min(0, 'The refund limit cannot be negative')
    // the column is a 32-bit integer; no shop's support desk refunds a million dollars at once
    .max(100_000_000, 'The refund limit can be at most $1,000,000.00'),
});
export type RefundLimitInput = z.infer<typeof RefundLimitInput>;

const StaffMember = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable(),
  role: Role,
  twoFactorEnabled: z.boolean(),
});

const PendingInvitation = z.object({
  id: z.number().int(),
  email: z.string(),
  role: Role,
  expiresAt: z.string(),
});

/** GET /api/admin/staff: the staff, the invitations still open, and support's refund limit. */
export const StaffOverview = z.object({
  members: z.array(StaffMember),
  invitations: z.array(PendingInvitation),
  refundLimitCents: z.number().int(),
});
export type StaffOverview = z.infer<typeof StaffOverview>;

const Token = z.string({ error: 'The invitation link is incomplete' }).min(1, 'The invitation link is incomplete').max(200);

/** GET /api/staff-invitations/:token: what the invitation offers, for the page that accepts it. */
export const InvitationView = z.object({ email: z.string(), role: Role });
export type InvitationView = z.infer<typeof InvitationView>;

/**
 * POST /api/staff-invitations/accept: signed in, the token alone gives that account the role; otherwise a
 * username and password make a new account with the invited address.
 */
export const AcceptInvitationInput = z.object({
  token: Token,
  username: z.optional(RegisterInput.shape.username),
  password: z.optional(RegisterInput.shape.password),
});
export type AcceptInvitationInput = z.infer<typeof AcceptInvitationInput>;
