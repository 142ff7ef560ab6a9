import type { AuditEntry } from '#common/schemas/admin-audit.ts';
import { Badge } from '#client/components/ui/badge.tsx';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value));

const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** One entry: who did what to which entity, and when; opened, each changed field's before → after and where it came from. */
export function AuditEntryRow({ entry }: { entry: AuditEntry }) {
  const changes = Object.entries(entry.changes ?? {});
  const refused = entry.status >= 400;
  return (
    <li className="rounded-lg border border-gray-200 bg-white" data-testid="audit-entry">
      <details>
        <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-sm">
          <time dateTime={entry.occurredAt} className="text-gray-600">
            {when(entry.occurredAt)}
          </time>
          <span className="font-semibold text-gray-900">{entry.actor.username ?? 'Unknown'}</span>
          {entry.actor.role ? <Badge variant="secondary">{entry.actor.role}</Badge> : null}
          <span className="font-mono text-gray-800">{entry.action}</span>
          {entry.entityType ? (
            <span className="text-gray-700">
              {entry.entityType}
              {entry.entityId ? ` #${entry.entityId}` : ''}
            </span>
          ) : null}
          <Badge variant={refused ? 'destructive' : 'outline'}>{refused ? `Refused (${entry.status})` : entry.status}</Badge>
          {changes.length > 0 ? <span className="text-gray-600">{changes.length === 1 ? '1 change' : `${changes.length} changes`}</span> : null}
        </summary>
        <div className="grid gap-3 border-t border-gray-100 px-3 py-3 text-sm">
          {changes.length > 0 ? (
            <div className="relative overflow-x-auto">
              <table className="w-full text-left">
                <caption className="sr-only">Fields changed by this request</caption>
                <thead className="text-gray-600">
                  <tr>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Field
                    </th>
                    <th scope="col" className="py-1 pr-3 font-medium">
                      Before
                    </th>
                    <th scope="col" className="py-1 font-medium">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-gray-100">
                  {changes.map(([field, change]) => (
                    <tr key={field} data-testid="audit-change">
                      <th scope="row" className="py-1 pr-3 font-mono font-normal break-all text-gray-800">
                        {field}
                      </th>
                      <td className="py-1 pr-3 break-all text-red-800">{shown(change.before)}</td>
                      <td className="py-1 break-all text-green-800">
                        <span aria-hidden="true">→ </span>
                        {shown(change.after)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className="text-gray-600">No field changes recorded.</p>
          )}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-gray-700">
            <dt className="font-medium">Request</dt>
            <dd className="font-mono break-all">
              {entry.method} {entry.route}
            </dd>
            <dt className="font-medium">From</dt>
            <dd className="break-all">
              {entry.ip ?? '—'}
              {entry.userAgent ? ` · ${entry.userAgent}` : ''}
            </dd>
            {entry.request ? (
              <>
                <dt className="font-medium">Sent</dt>
                <dd className="font-mono text-xs break-all">{JSON.stringify(entry.request)}</dd>
              </>
            ) : null}
          </dl>
        </div>
      </details>
    </li>
  );
}
