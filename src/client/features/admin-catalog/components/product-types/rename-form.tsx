import { useState } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { FormField } from '#client/components/ui/form-field.tsx';
import { Input } from '#client/components/ui/input.tsx';

interface RenameFormProps {
  label: string;
  initial: string;
  busy: boolean;
  onSave: (text: string) => void;
  onCancel: () => void;
}

/** A name edited in place: Save sends it trimmed, Escape or Cancel leaves it. */
export function RenameForm({ label, initial, busy, onSave, onCancel }: RenameFormProps) {
  const [text, setText] = useState(initial);
  return (
    <form
      className="flex flex-1 flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        onSave(text.trim());
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
    >
      <FormField label={label} className="min-w-40 flex-1">
        <Input value={text} maxLength={60} autoFocus onChange={(event) => setText(event.target.value)} />
      </FormField>
      <Button type="submit" size="sm" disabled={busy || !text.trim()}>
        Save
      </Button>
      <Button type="button" size="sm" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
    </form>
  );
}
