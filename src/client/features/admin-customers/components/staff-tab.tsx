import { useState, type FormEvent } from 'react';
import { centsToDecimal, toCents } from '#common/money.ts';
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from '#common/staff-roles.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { fieldClasses, Input } from '#client/components/ui/input.tsx';
import { LoadError } from '#client/components/ui/load-error.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { useCurrentUser } from '#client/lib/session.ts';
import { useStaff } from '../api/get-staff.ts';
import { useInviteStaff, useRemoveStaff, useSetRefundLimit, useSetStaffRole, useWithdrawInvitation } from '../api/staff-changes.ts';

const ROLE_HINTS: Record<StaffRole, string> = {
  owner: 'everything',
  manager: 'catalogue, orders, refunds, returns, customers, coupons, reports',
  fulfilment: 'orders to ship and returns to receive; no money',
  support: 'reads orders and customers; refunds up to the limit below',
};

interface RoleSelectProps {
  value: StaffRole;
  onChange: (role: StaffRole) => void;
  label?: string;
  /** set by FormField: the label's target and the hint's description */
  id?: string;
  'aria-describedby'?: string;
}

function RoleSelect({ value, onChange, label, ...field }: RoleSelectProps) {
  return (
    <select {...field} aria-label={label} className={fieldClasses} value={value} onChange={(event) => onChange(event.target.value as StaffRole)}>
      {STAFF_ROLES.map((role) => (
        <option key={role} value={role}>
          {ROLE_LABELS[role]}
        </option>
      ))}
    </select>
  );
}

function InviteForm() {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<StaffRole>('fulfilment');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-end">
      <FormField label="E-mail">
        <Input type="email" required value={email} onChange={(event) => setEmail(event.target.value)} autoComplete="off" />
      </FormField>
      <FormField label="Role" hint={ROLE_HINTS[role]}>
        <RoleSelect value={role} onChange={setRole} />
      </FormField>
      <Button type="submit" disabled={invite.isPending} className="sm:mb-5">
        Send invitation
      </Button>
    </form>
  );
}

function RefundLimitForm({ limitCents }: { limitCents: number }) {
  const save = useSetRefundLimit();
  const [amount, setAmount] = useState(centsToDecimal(limitCents));
  const valid = /^\d+(\.\d{1,2})?$/.test(amount.trim());
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) save.mutate({ limitCents: toCents(amount.trim()) });
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <FormField label="Support refund limit ($ per refund)" error={valid ? undefined : 'Enter an amount such as 25.00'} className="w-56">
        <Input inputMode="decimal" value={amount} onChange={(event) => setAmount(event.target.value)} />
      </FormField>
      <Button type="submit" variant="outline" disabled={!valid || save.isPending} className={valid ? '' : 'mb-6'}>
        Save limit
      </Button>
    </form>
  );
}

/** The owner's staff: who has which role, the open invitations, inviting someone, and support's refund limit. */
export function StaffTab() {
  const query = useStaff();
  const { user } = useCurrentUser();
  const setRole = useSetStaffRole();
  const remove = useRemoveStaff();
  const withdraw = useWithdrawInvitation();
  if (query.isLoading) return <Spinner label="Loading the staff" />;
  if (!query.data)
    return <LoadError title="The staff could not be loaded" error={query.error} onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  const { members, invitations, refundLimitCents } = query.data;

  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Staff</CardTitle>
        </CardHeader>
        <CardContent>
          <ul className="divide-y">
            {members.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{member.username}</p>
                  <p className="text-sm break-words text-gray-600">{member.email ?? 'No email'}</p>
                </div>
                {member.id === user?.id ? (
                  <Badge>{ROLE_LABELS[member.role]} (you)</Badge>
                ) : (
                  <>
                    <div className="w-40">
                      <RoleSelect label={`Role of ${member.username}`} value={member.role} onChange={(role) => setRole.mutate({ id: member.id, role })} />
                    </div>
                    <Button variant="outline" size="sm" onClick={() => remove.mutate(member.id)} aria-label={`Remove ${member.username} from the staff`}>
                      Remove
                    </Button>
                  </>
                )}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Invite staff</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          <InviteForm />
          {invitations.length > 0 ? (
            <div>
              <h3 className="mb-2 text-sm font-semibold text-gray-900">Waiting for an answer</h3>
              <ul className="divide-y">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center gap-3 py-2">
                    <span className="min-w-0 flex-1 break-words">
                      {invitation.email} · {ROLE_LABELS[invitation.role]}
                    </span>
                    <span className="text-xs text-gray-600">until {new Date(invitation.expiresAt).toLocaleDateString('en-US', { dateStyle: 'medium' })}</span>
                    <Button
                      variant="outline"
                      size="sm"
                      onClick={() => withdraw.mutate(invitation.id)}
                      aria-label={`Withdraw the invitation to ${invitation.email}`}
                    >
                      Withdraw
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle>Refunds by support</CardTitle>
        </CardHeader>
        <CardContent>
          <RefundLimitForm key={refundLimitCents} limitCents={refundLimitCents} />
        </CardContent>
      </Card>
    </div>
  );
}
