import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { pageCount } from '#client/lib/get-page.ts';

interface PagerProps {
  /** what is paged, for screen readers: "Orders pages" */
  label: string;
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** while the next page loads, the buttons wait */
  busy?: boolean;
}

/** Previous / Next and "Page 2 of 40" under a server-paged list; hidden when one page holds everything. */
export function Pager({ label, page, pageSize, total, onPageChange, busy = false }: PagerProps) {
  const pages = pageCount(total, pageSize);
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      <Button variant="outline" size="sm" onClick={() => onPageChange(page - 1)} disabled={busy || page <= 1}>
        <ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
      </Button>
      <p className="text-sm text-gray-700" aria-live="polite">
        Page {Math.min(page, pages)} of {pages}
      </p>
      <Button variant="outline" size="sm" onClick={() => onPageChange(page + 1)} disabled={busy || page >= pages}>
        Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
      </Button>
    </nav>
  );
}
