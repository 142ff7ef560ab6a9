import type { ReactNode } from 'react';
import { AlertTriangle, CheckCircle2, Info, XCircle } from 'lucide-react';
import { cn } from '#client/lib/cn.ts';

const tones = {
  info: { box: 'border-blue-200 bg-blue-50 text-blue-950', icon: Info },
  success: { box: 'border-green-200 bg-green-50 text-green-950', icon: CheckCircle2 },
  warning: { box: 'border-amber-300 bg-amber-50 text-amber-950', icon: AlertTriangle },
  error: { box: 'border-red-300 bg-red-50 text-red-950', icon: XCircle },
} as const;

type NoticeTone = keyof typeof tones;

/** A titled notice on the page; errors are announced (role alert), the rest are plain content. */
export function Notice({ tone, title, children, className }: { tone: NoticeTone; title: string; children?: ReactNode; className?: string }) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div role={tone === 'error' ? 'alert' : undefined} className={cn('flex gap-3 rounded-lg border p-4', box, className)}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="grid min-w-0 gap-1 text-sm break-words">
        <p className="font-semibold">{title}</p>
        {children ? <div className="leading-relaxed">{children}</div> : null}
      </div>
    </div>
  );
}
