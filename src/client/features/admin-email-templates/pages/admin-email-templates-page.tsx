import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'wouter';
import type { EmailTemplateDetail } from '#common/schemas/email-templates.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Input } from '#client/components/ui/input.tsx';
import { Label } from '#client/components/ui/label.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Textarea } from '#client/components/ui/textarea.tsx';
import { useDebouncedValue } from '#client/lib/use-debounced-value.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { useEmailPreview, useEmailTemplate, useEmailTemplates, useResetEmailTemplate, useSaveEmailTemplate, useSendTestEmail } from '../api/email-templates.ts';

const BLOCK_LABELS: Record<string, string> = {
  subject: 'Subject',
  heading: 'Heading',
  greeting: 'Greeting',
  intro: 'Introduction',
  message: 'Message',
  refund: 'Refund',
  detail: 'Details',
  yours: 'If it was them',
  howTo: 'How to join',
  label: "Heading of the shop's note",
  note: 'Note',
  questions: 'Questions line',
  closing: 'Closing',
};
const blockLabel = (name: string) => BLOCK_LABELS[name] ?? name;
const ONE_LINE_BLOCKS = new Set(['subject', 'heading', 'greeting', 'label', 'questions']);
// a default that chooses its words with {% if %} is too long to read in one line
const isOneLine = (name: string, fallback: string | undefined) => ONE_LINE_BLOCKS.has(name) && !fallback?.includes('{%');

/** The editor of one template: its blocks, the live preview with sample data, save, reset and a test send. */
function TemplateEditor({ template }: { template: EmailTemplateDetail }) {
  const [blocks, setBlocks] = useState(template.blocks);
  const [testTo, setTestTo] = useState('');
  useEffect(() => setBlocks(template.blocks), [template]);
  const debounced = useDebouncedValue(blocks, 400);
  const preview = useEmailPreview(template.key, debounced);
  const save = useSaveEmailTemplate(template.key);
  const reset = useResetEmailTemplate(template.key);
  const sendTest = useSendTestEmail(template.key);
  const refusal = save.error?.message ?? (preview.isError ? preview.error.message : null);

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(blocks);
  };
  const onTest = (event: FormEvent) => {
    event.preventDefault();
    sendTest.mutate({ to: testTo, blocks });
  };

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <form onSubmit={onSave} className="grid content-start gap-4" aria-label={`Edit ${template.label}`}>
        {Object.keys(template.defaults).map((name) => (
          <div key={name} className="grid gap-1">
            <Label htmlFor={`block-${name}`}>{blockLabel(name)}</Label>
            {isOneLine(name, template.defaults[name]) ? (
              <Input id={`block-${name}`} value={blocks[name] ?? ''} onChange={(event) => setBlocks({ ...blocks, [name]: event.target.value })} />
            ) : (
              <Textarea id={`block-${name}`} rows={4} value={blocks[name] ?? ''} onChange={(event) => setBlocks({ ...blocks, [name]: event.target.value })} />
            )}
          </div>
        ))}
        {refusal ? (
          <p role="alert" className="text-sm text-red-700">
            {refusal}
          </p>
        ) : null}
        <details className="rounded-md border border-gray-200 bg-white p-3 text-sm">
          <summary className="cursor-pointer font-medium text-gray-900">Placeholders</summary>
          <p className="mt-2 text-gray-700">Write them as {'{{ order.number }}'}; the values are the preview&apos;s samples.</p>
          <ul className="mt-2 grid gap-1">
            {template.placeholders.map((placeholder) => (
              <li key={placeholder.name}>
                <code className="rounded bg-gray-100 px-1">{`{{ ${placeholder.name} }}`}</code> <span className="text-gray-700">{placeholder.example}</span>
              </li>
            ))}
          </ul>
        </details>
        {template.marketing ? (
          <p className="text-sm text-gray-700">A marketing e-mail: the unsubscribe link and the one-click unsubscribe headers are always added.</p>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={save.isPending}>
            Save template
          </Button>
          <Button type="button" variant="outline" disabled={reset.isPending || !template.edited} onClick={() => reset.mutate()}>
            Reset to default
          </Button>
        </div>
      </form>
      <div className="grid content-start gap-3">
        <h3 className="text-lg font-semibold text-gray-900">Preview</h3>
        {preview.data ? (
          <>
            <p className="text-sm break-words text-gray-900">
              <span className="font-medium">Subject:</span> {preview.data.subject}
            </p>
            <iframe title="E-mail preview" sandbox="" srcDoc={preview.data.html} className="h-[32rem] w-full rounded-md border border-gray-200 bg-white" />
          </>
        ) : (
          <Spinner label="Rendering the preview" />
        )}
        <form onSubmit={onTest} className="flex flex-wrap items-end gap-2" aria-label="Send a test e-mail">
          <div className="grid min-w-0 flex-1 gap-1">
            <Label htmlFor="test-to">Send a test to</Label>
            <Input id="test-to" type="email" required value={testTo} onChange={(event) => setTestTo(event.target.value)} placeholder="you@example.com" />
          </div>
          <Button type="submit" variant="outline" disabled={sendTest.isPending}>
            Send test
          </Button>
        </form>
        {sendTest.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {sendTest.error.message}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** /admin/emails/templates: every e-mail the owner can reword (decision 060); ?key= opens one in the editor. */
export default function AdminEmailTemplatesPage() {
  useDocumentTitle('E-mail templates');
  const [params, setParams] = useSearchParams();
  const list = useEmailTemplates();
  const key = params.get('key');
  const open = useEmailTemplate(key);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:px-6 lg:px-8">
      <div>
        <Link href="/admin" className="text-sm font-medium text-gray-700 underline">
          Admin
        </Link>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-gray-900">E-mail templates</h1>
        <p className="mt-1 text-sm text-gray-700">
          Change the words of the e-mails the shop sends. Order lines, totals, links and buttons are filled in for you.
        </p>
      </div>
      {list.isLoading ? (
        <Spinner label="Loading the templates" />
      ) : list.isError ? (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
          {list.data?.map((template) => (
            <li key={template.key}>
              <button
                type="button"
                aria-current={template.key === key ? 'true' : undefined}
                onClick={() => setParams({ key: template.key })}
                className="min-h-11 w-full rounded-lg border border-gray-200 bg-white p-3 text-left hover:border-blue-700 aria-[current=true]:border-blue-700"
              >
                <span className="flex items-center justify-between gap-2">
                  <span className="font-medium text-gray-900">{template.label}</span>
                  <span className="flex gap-1">
                    {template.marketing ? <Badge variant="outline">Marketing</Badge> : null}
                    {template.edited ? <Badge variant="secondary">Edited</Badge> : null}
                  </span>
                </span>
                <span className="mt-1 block text-sm text-gray-700">{template.description}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {key === null ? null : open.isLoading ? (
        <Spinner label="Loading the template" />
      ) : open.isError ? (
        <p role="alert" className="text-red-700">
          {open.error.message}
        </p>
      ) : open.data ? (
        <section aria-labelledby="editor-heading" className="grid gap-4">
          <h2 id="editor-heading" className="text-xl font-bold text-gray-900">
            {open.data.label}
          </h2>
          <TemplateEditor template={open.data} />
        </section>
      ) : null}
    </div>
  );
}
