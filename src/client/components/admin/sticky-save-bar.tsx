import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';
import { cn } from '#client/lib/cn.ts';

interface StickySaveBarProps {
  /** Names the bar for screen readers, e.g. "Save product". */
  label: string;
  /** The submit button's text, e.g. "Save product". */
  submitLabel: string;
  /** The form differs from what was loaded or last saved. */
  unsaved: boolean;
  saving: boolean;
  /** A save went through on this visit and nothing changed since. */
  saved: boolean;
  /** Whose changes a discard throws away, e.g. "Phone Paddle", said in the confirmation. */
  subject: string;
  /** Puts the last saved values back; the bar asks first. */
  onDiscard: () => void;
  /** Shown beside the buttons from 640 px up, e.g. a link back to the list. */
  aside?: ReactNode;
}

function statusText({ unsaved, saving, saved }: Pick<StickySaveBarProps, 'unsaved' | 'saving' | 'saved'>): string {
  if (saving) return 'Saving…';
  if (unsaved) return 'Unsaved changes';
  return saved ? 'All changes saved' : 'No unsaved changes';
}

/**
 * The save and discard buttons of a long admin form, held at the bottom of the screen while any of the form
 * is in view, so the owner need not scroll to its end to save. It sits inside the form (Save submits it),
 * says whether anything is unsaved, and Ctrl+S (⌘S) saves from anywhere on the page.
 */
export function StickySaveBar({ label, submitLabel, unsaved, saving, saved, subject, onDiscard, aside }: StickySaveBarProps) {
  const barRef = useRef<HTMLDivElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);
  const [confirming, setConfirming] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 's' || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      // the browser's own Save Page is no use on a form; ours is
      event.preventDefault();
      if (!saving) barRef.current?.closest('form')?.requestSubmit();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [saving]);

  return (
    <div
      ref={barRef}
      role="region"
      aria-label={label}
      className={cn(
        'sticky bottom-0 z-30 -mx-4 flex items-center gap-3 border-t bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur',
        'sm:mx-0 sm:rounded-t-lg sm:border sm:border-b-0',
        unsaved ? 'border-amber-300' : 'border-gray-200',
      )}
      data-testid="sticky-save-bar"
    >
      <p role="status" className="flex min-w-0 flex-1 items-center gap-2 text-sm leading-tight font-medium text-gray-800">
        <span aria-hidden="true" className={cn('h-2.5 w-2.5 shrink-0 rounded-full', unsaved ? 'bg-amber-500' : 'bg-green-600')} />
        {statusText({ unsaved, saving, saved })}
      </p>
      {aside ? <div className="hidden sm:block">{aside}</div> : null}
      <Button variant="outline" aria-label="Discard changes" disabled={!unsaved || saving} onClick={() => setConfirming(true)} className="shrink-0">
        {/* one flex item, so the button's gap does not split the words */}
        <span>
          Discard<span className="hidden sm:inline"> changes</span>
        </span>
      </Button>
      <Button ref={saveRef} type="submit" disabled={saving} aria-keyshortcuts="Control+S Meta+S" title="Ctrl+S or ⌘S" className="shrink-0">
        {saving ? 'Saving…' : submitLabel}
      </Button>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent
          onCloseAutoFocus={(event) => {
            // the Discard button is disabled once nothing is unsaved: Save is where the keyboard goes on
            event.preventDefault();
            saveRef.current?.focus();
          }}
        >
          <DialogHeader>
            <DialogTitle>Discard your changes?</DialogTitle>
            <DialogDescription>Everything changed in {subject} since it was last saved is lost. The saved version stays as it is.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Keep editing
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                onDiscard();
                setConfirming(false);
              }}
            >
              Discard
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
