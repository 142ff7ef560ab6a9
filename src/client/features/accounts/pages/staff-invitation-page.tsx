import { useState, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ROLE_LABELS } from '#common/staff-roles.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { signInPath } from '#client/lib/return-to.ts';
import { useCurrentUser } from '#client/lib/session.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useAcceptInvitation, useInvitation } from '../api/staff-invitation.ts';

/** /staff-invitation?token=...: the page the owner's invitation links to. */
export default function StaffInvitationPage() {
  useDocumentTitle('Join the staff');
  const search = useSearch();
  const token = new URLSearchParams(search).get('token') ?? '';
  const [, navigate] = useLocation();
  const { user, isLoading } = useCurrentUser();
  const invitation = useInvitation(token);
  const accept = useAcceptInvitation();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate(user ? { token } : { token, username, password }, { onSuccess: () => navigate('/admin', { replace: true }) });
  };

  let body;
  if (!token) body = <p className="text-gray-700">This link is incomplete. Open the link from the e-mail again.</p>;
  else if (invitation.isLoading || isLoading) body = <Spinner label="Reading the invitation" />;
  else if (!invitation.data)
    body = (
      <p role="alert" className="text-gray-700">
        {invitation.error?.message}
      </p>
    );
  else {
    const { email, role } = invitation.data;
    body = (
      <form className="grid gap-4" onSubmit={submit} noValidate>
        <p className="text-gray-700">
          You are invited to the staff as <strong>{ROLE_LABELS[role]}</strong> ({email}).
        </p>
        {user ? (
          <p className="text-gray-700">You are signed in as {user.username}: accepting gives this account the role.</p>
        ) : (
          <>
            <FormField label="Username">
              <Input autoComplete="username" value={username} onChange={(event) => setUsername(event.target.value)} />
            </FormField>
            <FormField label="Password" hint="At least 8 characters.">
              <Input type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
            </FormField>
            <p className="text-sm text-gray-600">
              Have an account with this e-mail?{' '}
              <Link href={signInPath(`/staff-invitation?${search}`)} className="font-medium text-link hover:underline">
                Sign in
              </Link>{' '}
              and open the link again.
            </p>
          </>
        )}
        {accept.error ? (
          <p role="alert" className="text-sm text-red-700">
            {accept.error.message}
          </p>
        ) : null}
        <Button type="submit" size="lg" disabled={accept.isPending}>
          Accept the invitation
        </Button>
      </form>
    );
  }

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6 lg:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Join the staff
          </CardTitle>
        </CardHeader>
        <CardContent>{body}</CardContent>
      </Card>
    </div>
  );
}
