import { Button } from '#client/components/ui/button.tsx';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account-sessions.ts';

// the time matters here, not only the day: a session from an hour ago that was not you is the one to end
const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A browser's own words are long: the browser and system are enough to tell one's devices apart. */
function deviceName(userAgent: string | null): string {
  if (!userAgent) return 'Unknown browser';
  const browser = /(Edg|Firefox|Chrome|Safari)\/[\d.]+/.exec(userAgent)?.[1]?.replace('Edg', 'Edge');
  const system = /(Windows|Android|iPhone|iPad|Mac OS X|Linux)/.exec(userAgent)?.[1]?.replace('Mac OS X', 'macOS');
  if (browser && system) return `${browser} on ${system}`;
  return userAgent.length > 60 ? `${userAgent.slice(0, 57)}...` : userAgent;
}

/** The profile's signed-in sessions: this one marked, any other ended one at a time or all at once. */
export function SessionsList() {
  const sessions = useAccountSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const others = (sessions.data ?? []).filter((session) => !session.current).length;
  const failure = endOne.error ?? endOthers.error;
  return (
    <section aria-labelledby="sessions-title" className="grid content-start gap-3">
      <h3 id="sessions-title" className="text-base font-semibold text-gray-900">
        Where you are signed in
      </h3>
      {sessions.isLoading ? (
        <p className="text-sm text-gray-600">Loading...</p>
      ) : sessions.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {sessions.error.message}
        </p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-md border border-gray-200">
          {(sessions.data ?? []).map((session) => (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
              <div className="grid gap-0.5">
                <span className="font-medium text-gray-900">
                  {deviceName(session.userAgent)}
                  {session.current ? <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-semibold text-green-800">This device</span> : null}
                </span>
                <span className="text-gray-600">
                  Signed in {when(session.createdAt)}
                  {session.lastSeenAt ? ` · last active ${when(session.lastSeenAt)}` : ''}
                  {session.ip ? ` · ${session.ip}` : ''}
                </span>
              </div>
              {session.current ? null : (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  disabled={endOne.isPending}
                  aria-label={`Sign out ${deviceName(session.userAgent)}, signed in ${when(session.createdAt)}`}
                  onClick={() => endOne.mutate(session.id)}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {failure.message}
        </p>
      ) : null}
      <div role="status" className="text-sm text-green-800 empty:hidden">
        {endOthers.isSuccess ? `Signed out of ${endOthers.data.ended} other ${endOthers.data.ended === 1 ? 'session' : 'sessions'}.` : null}
      </div>
      {others > 0 ? (
        <Button type="button" variant="outline" className="justify-self-start" disabled={endOthers.isPending} onClick={() => endOthers.mutate()}>
          Sign out all other sessions
        </Button>
      ) : null}
    </section>
  );
}
