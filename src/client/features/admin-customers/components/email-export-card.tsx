import { Download } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { getCustomersCsv } from '../api/get-customers-csv.ts';
import { useUserEmails } from '../api/get-user-emails.ts';
import { downloadCsv, emailsCsvFileName } from './download-emails-csv.ts';

// The preview shows the first 10 addresses
const PREVIEW_COUNT = 10;

/** Users: "Export Emails as CSV" (the server's customer export, with marketing consent) and a preview of the addresses. */
export function EmailExportCard() {
  const emails = useUserEmails();
  const list = emails.data?.emails ?? [];

  async function exportCsv() {
    let exported: { csv: string; count: number };
    try {
      // read afresh: someone may have registered since the tab opened
      exported = await getCustomersCsv();
    } catch (error) {
      toast({ title: 'Export failed', description: (error as Error).message, variant: 'destructive' });
      return;
    }
    if (exported.count === 0) {
      toast({ title: 'No emails to export', description: 'There are no registered user emails to export.' });
      return;
    }
    downloadCsv(exported.csv, emailsCsvFileName());
    toast({ title: 'Export successful', description: `Exported ${exported.count} email address${exported.count === 1 ? '' : 'es'}.` });
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Export User Emails</CardTitle>
        <CardDescription>
          A CSV file with a header row and one customer per line: e-mail, username, full name, whether they agreed to marketing e-mail (yes or no) and since
          when, and when they registered. Send offers only to those marked yes.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div>
          <Button onClick={exportCsv}>
            <Download className="h-4 w-4" aria-hidden="true" /> Export Emails as CSV
          </Button>
        </div>
        {emails.isLoading ? (
          <Spinner label="Loading e-mails" className="py-4" />
        ) : emails.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {emails.error.message}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-gray-600">No registered user emails yet.</p>
        ) : (
          <div className="rounded-md bg-gray-50 p-3 text-sm">
            <p className="font-medium text-gray-800">Preview</p>
            <ul data-testid="email-preview" className="mt-1 font-mono text-xs break-all text-gray-700">
              {list.slice(0, PREVIEW_COUNT).map((email) => (
                <li key={email}>{email}</li>
              ))}
            </ul>
            {list.length > PREVIEW_COUNT ? <p className="mt-1 text-gray-600">... and {list.length - PREVIEW_COUNT} more</p> : null}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
