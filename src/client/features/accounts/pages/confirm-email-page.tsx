import { useEffect, useRef } from 'react';
import { Link, useSearch } from 'wouter';
import { Card, CardContent, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useConfirmEmailChange } from '../api/change-email.ts';

/**
 * /confirm-email?token=...: the page the e-mail change's link opens. It confirms by itself (a POST, so a
 * mail scanner fetching the link spends nothing) and says what happened.
 */
export default function ConfirmEmailPage() {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  const confirm = useConfirmEmailChange();
  useDocumentTitle('Confirm your new email address');
  // once per token, also when React runs effects twice in development
  const sentFor = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    mutate({ token });
  }, [token, mutate]);

  return (
    <div className="mx-auto max-w-md px-4 py-10 sm:px-6 lg:py-16">
      <Card>
        <CardHeader>
          <CardTitle as="h1" className="text-2xl">
            Confirm your new email address
          </CardTitle>
        </CardHeader>
        <CardContent>
          <div role="status" aria-live="polite" className="grid gap-3 text-gray-700">
            {!token ? (
              <p>This link is incomplete. Open the link from the e-mail again, or ask for a new one from your profile.</p>
            ) : confirm.isSuccess ? (
              <p>
                {confirm.data.message} We will write to <strong className="break-all text-gray-900">{confirm.data.email}</strong> from now on.
              </p>
            ) : confirm.isError ? (
              <p className="text-red-700">{confirm.error.message}</p>
            ) : (
              <div className="flex items-center gap-3">
                <span className="h-5 w-5 shrink-0 animate-spin rounded-full border-2 border-gray-200 border-t-primary" aria-hidden="true" />
                <p>Confirming your new email address...</p>
              </div>
            )}
          </div>
          {token && confirm.isPending ? null : (
            <Link href="/profile" className="mt-6 inline-block font-medium text-link hover:underline">
              Go to your profile
            </Link>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
