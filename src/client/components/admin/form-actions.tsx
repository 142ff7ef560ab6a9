import { Button } from '#client/components/ui/button.tsx';

interface FormActionsProps {
  pending: boolean;
  /** "Add Brand", "Update Coupon", ... */
  submitLabel: string;
  /** Shows Cancel while an existing record is being edited. */
  onCancel?: () => void;
  className?: string;
}

/** The save (and, when editing, cancel) buttons under an admin form. */
export function FormActions({ pending, submitLabel, onCancel, className = '' }: FormActionsProps) {
  return (
    <div className={`flex flex-wrap gap-2 ${className}`}>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : submitLabel}
      </Button>
      {onCancel ? (
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
    </div>
  );
}
