import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { Notice } from './notice.tsx';

/** A check's content, its spinner while loading, or the page alert when it failed. */
export function CheckSection<T>({
  query,
  errorTitle,
  loadingLabel,
  children,
}: {
  query: UseQueryResult<T, Error>;
  errorTitle: string;
  loadingLabel: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <Spinner label={loadingLabel} />;
  if (query.isError) {
    return (
      <Notice tone="error" title={errorTitle}>
        {query.error.message}
      </Notice>
    );
  }
  return <>{children(query.data)}</>;
}
