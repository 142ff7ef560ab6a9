import { Link, useLocation, useSearch } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { ResetPasswordForm } from '../components/reset-password-form.tsx';

/** /reset-password?token=...: the page the reset e-mail links to. */
export default function ResetPasswordPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const [, navigate] = useLocation();
  useDocumentTitle('Choose a new password');

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6 lg:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Choose a new password
          </CardTitle>
        </CardHeader>
        <CardContent>
          {token ? (
            <ResetPasswordForm token={token} onDone={() => navigate('/', { replace: true })} />
          ) : (
            <p className="text-gray-700">
              This link is incomplete. Open the link from the e-mail again, or{' '}
              <Link href="/auth" className="font-medium text-link hover:underline">
                ask for a new one
              </Link>
              .
            </p>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
