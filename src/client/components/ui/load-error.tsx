import { RefreshCw } from 'lucide-react';
import { failureKind } from '#client/lib/api-client.ts';
import { cn } from '#client/lib/cn.ts';
import { Button } from './button.tsx';

/** What a shopper can do about a failed read, in plain words: the technical message stays in the console. */
function loadFailureText(error: unknown): string {
  return failureKind(error) === 'network'
    ? "We couldn't reach the shop. Check your internet connection, then try again."
    : 'Something went wrong on our side. Please try again in a moment.';
}

interface LoadErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
  /** the read is being asked again */
  retrying: boolean;
  /** h1 when the failure is the whole page, h2 inside a page */
  as?: 'h1' | 'h2';
  className?: string;
}

/** A read that failed (not a missing record): what happened and a "Try again" that asks again. */
export function LoadError({ title, error, onRetry, retrying, as: Heading = 'h2', className }: LoadErrorProps) {
  return (
    <div role="alert" className={cn('rounded-lg border border-red-200 bg-red-50 p-6 text-center text-red-900', className)}>
      <Heading className={cn('font-bold', Heading === 'h1' ? 'text-2xl' : 'text-lg')}>{title}</Heading>
      <p className="mt-2">{loadFailureText(error)}</p>
      <Button variant="outline" className="mt-4" onClick={onRetry} disabled={retrying}>
        <RefreshCw className={cn('h-4 w-4', retrying && 'animate-spin')} aria-hidden="true" />
        {retrying ? 'Trying again...' : 'Try again'}
      </Button>
    </div>
  );
}
