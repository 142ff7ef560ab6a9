import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

interface ConfirmDeleteDialogProps {
  /** The question, e.g. "Are you sure you want to delete this brand?". */
  question: string;
  /** What is about to go, so the admin sees the name before confirming. */
  subject: string | null;
  pending?: boolean;
  /** Why the server refused (a 409 saying where the record is used), shown until the dialog closes. */
  error?: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before anything is deleted; open while `subject` is set. */
export function ConfirmDeleteDialog({ question, subject, pending = false, error = null, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{question}</DialogTitle>
          <DialogDescription>“{subject}” will be removed. This cannot be undone.</DialogDescription>
        </DialogHeader>
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {error}
          </p>
        ) : null}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant="destructive" onClick={onConfirm} disabled={pending}>
            {pending ? 'Deleting…' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
