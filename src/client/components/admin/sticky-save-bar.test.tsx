import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInShop } from '#client/test/render.tsx';
import { StickySaveBar } from './sticky-save-bar.tsx';
import { sameDraft } from './unsaved-changes.ts';

// The save bar of a long admin form: it says whether anything is unsaved, saves with its button or
// Ctrl+S / ⌘S from anywhere on the page, and asks before a discard throws the changes away.

function Form({ onSubmit, saving = false, saved = false }: { onSubmit: () => void; saving?: boolean; saved?: boolean }) {
  const [name, setName] = useState('Blue Paddle');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <StickySaveBar
        label="Product changes"
        submitLabel="Save product"
        unsaved={name !== 'Blue Paddle'}
        saving={saving}
        saved={saved}
        subject="“Blue Paddle”"
        onDiscard={() => setName('Blue Paddle')}
      />
    </form>
  );
}

const bar = () => within(screen.getByRole('region', { name: 'Product changes' }));

describe('the sticky save bar', () => {
  it('tells whether anything is unsaved, and Discard is there only for changes', async () => {
    const { user } = renderInShop(<Form onSubmit={vi.fn()} />);
    expect(bar().getByRole('status')).toHaveTextContent('No unsaved changes');
    expect(bar().getByRole('button', { name: 'Discard changes' })).toBeDisabled();

    await user.type(screen.getByLabelText('Name'), ' Pro');
    expect(bar().getByRole('status')).toHaveTextContent('Unsaved changes');
    expect(bar().getByRole('button', { name: 'Discard changes' })).toBeEnabled();
  });

  it('says the last save went through, and that a save is under way', () => {
    const { rerender } = renderInShop(<Form onSubmit={vi.fn()} saved />);
    expect(bar().getByRole('status')).toHaveTextContent('All changes saved');
    rerender(<Form onSubmit={vi.fn()} saving />);
    expect(bar().getByRole('status')).toHaveTextContent('Saving…');
    expect(bar().getByRole('button', { name: 'Saving…' })).toBeDisabled();
  });

  it('submits its form with the button, with Ctrl+S and with ⌘S, from any field', async () => {
    const submit = vi.fn();
    const { user } = renderInShop(<Form onSubmit={submit} />);
    const save = bar().getByRole('button', { name: 'Save product' });
    expect(save).toHaveAttribute('type', 'submit');
    expect(save).toHaveAttribute('aria-keyshortcuts', 'Control+S Meta+S');

    await user.click(save);
    expect(submit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByLabelText('Name'));
    await user.keyboard('{Control>}s{/Control}');
    expect(submit).toHaveBeenCalledTimes(2);
    await user.keyboard('{Meta>}s{/Meta}');
    expect(submit).toHaveBeenCalledTimes(3);
    // a plain "s" is typing, not saving
    await user.keyboard('s');
    expect(submit).toHaveBeenCalledTimes(3);
  });

  it('does not submit again while a save is under way', async () => {
    const submit = vi.fn();
    const { user } = renderInShop(<Form onSubmit={submit} saving />);
    await user.keyboard('{Control>}s{/Control}');
    expect(submit).not.toHaveBeenCalled();
  });

  it('asks before discarding, naming what is lost; Keep editing keeps the changes', async () => {
    const { user } = renderInShop(<Form onSubmit={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), ' Pro');

    await user.click(bar().getByRole('button', { name: 'Discard changes' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard your changes?' });
    expect(dialog).toHaveAccessibleDescription('Everything changed in “Blue Paddle” since it was last saved is lost. The saved version stays as it is.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Blue Paddle Pro');

    await user.click(bar().getByRole('button', { name: 'Discard changes' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Discard' }));
    expect(screen.getByLabelText('Name')).toHaveValue('Blue Paddle');
    expect(bar().getByRole('status')).toHaveTextContent('No unsaved changes');
    // the keyboard lands on Save, not on the Discard button that has just been disabled
    expect(bar().getByRole('button', { name: 'Save product' })).toHaveFocus();
  });
});

describe('sameDraft', () => {
  it('compares values, keys in any order', () => {
    expect(sameDraft({ a: 1, rows: { x: { on: true } }, list: ['p', 'q'] }, { list: ['p', 'q'], rows: { x: { on: true } }, a: 1 })).toBe(true);
    expect(sameDraft({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameDraft({ list: ['p', 'q'] }, { list: ['q', 'p'] })).toBe(false);
    expect(sameDraft({ a: '1' }, { a: 1 })).toBe(false);
    expect(sameDraft([], {})).toBe(false);
    expect(sameDraft(null, {})).toBe(false);
  });
});
