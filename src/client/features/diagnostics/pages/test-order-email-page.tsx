import { ArrowLeft } from 'lucide-react';
import { Link } from 'wouter';
import { useCurrentUser } from '#client/lib/session.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { AdminOnly } from '../components/admin-only.tsx';
import { TestOrderEmailForm } from '../components/test-order-email-form.tsx';

function TestOrderEmail() {
  useDocumentTitle('Test Order Email');
  const { user } = useCurrentUser();
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="inline-flex items-center gap-1 text-sm font-medium text-link hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Back to Admin
        </Link>
        <h1 className="mt-3 text-3xl font-extrabold tracking-tight text-gray-900">Test Order Email</h1>
        <p className="mt-1 text-gray-600">Compose an order and send yourself the e-mail a customer would get for it. Nothing is saved and nobody is charged.</p>
      </div>
      <TestOrderEmailForm customerEmail={user?.email ?? ''} />
    </div>
  );
}

/** /admin/test-order-email (admin only). */
export default function TestOrderEmailPage() {
  return (
    <AdminOnly>
      <TestOrderEmail />
    </AdminOnly>
  );
}
