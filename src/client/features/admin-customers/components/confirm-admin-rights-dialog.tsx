import type { UserRow } from '#common/schemas/admin-users.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '#client/components/ui/dialog.tsx';

interface ConfirmAdminRightsDialogProps {
  /** The user whose rights are about to change; the dialog is open while set. */
  user: Pick<UserRow, 'username' | 'isAdmin'> | null;
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Admin rights open the whole back office (orders, customers' data, payments): granting or removing them is confirmed by name. */
export function ConfirmAdminRightsDialog({ user, pending = false, onConfirm, onCancel }: ConfirmAdminRightsDialogProps) {
  const granting = !user?.isAdmin;
  return (
    <Dialog open={user !== null} onOpenChange={(open) => (open ? undefined : onCancel())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{granting ? `Make “${user?.username}” an admin?` : `Remove admin rights from “${user?.username}”?`}</DialogTitle>
          <DialogDescription>
            {granting
              ? `${user?.username} will be able to change products, prices, orders, users and shop settings, and see every customer's details.`
              : `${user?.username} will become a regular user and lose access to the admin pages.`}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Cancel</Button>
          </DialogClose>
          <Button variant={granting ? 'default' : 'destructive'} onClick={onConfirm} disabled={pending}>
            {granting ? 'Make Admin' : 'Remove Admin'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
