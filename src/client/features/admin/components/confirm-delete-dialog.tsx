import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

interface ConfirmDeleteDialogProps {
  /** The question, e.g. "Are you sure you want to delete this brand?". */
  question: string;
  /** What is about to go, so the admin sees the name before confirming. */
  subject: string | null;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before anything is deleted; open while `subject` is set. */
export function ConfirmDeleteDialog({ question, subject, pending = false, onConfirm, onCancel }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open={subject !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{question}</DialogTitle>
          <DialogDescription>“{subject}” will be removed. This cannot be undone.</DialogDescription>
        </DialogHeader>
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
