import type { KeyMode } from '#common/schemas/diagnostics.ts';
import { Badge, type BadgeVariant } from '#client/components/ui/badge.tsx';

const labels: Record<KeyMode, { text: string; variant: BadgeVariant }> = {
  live: { text: 'LIVE', variant: 'destructive' },
  test: { text: 'TEST', variant: 'warning' },
  simulated: { text: 'SIMULATED', variant: 'secondary' },
  missing: { text: 'NOT SET', variant: 'outline' },
  unknown: { text: 'UNKNOWN', variant: 'outline' },
};

/** Each mode shown as LIVE or TEST (and plainly when it is neither). */
export function ModeBadge({ mode }: { mode: KeyMode }) {
  const { text, variant } = labels[mode];
  return <Badge variant={variant}>{text}</Badge>;
}
