import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockHistory } from '#common/schemas/stock-ledger.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { renderInShop } from '#client/test/render.tsx';
import { StockHistoryButton } from './stock-history-dialog.tsx';

// A variant's stock history: read only when opened, each change with its reason, sign, level and
// the order (a link to it) or the admin behind it.

const URL = 'GET /api/admin/variants/42/stock-history';
const history = StockHistory.parse({
  variantId: 42,
  stock: 7,
  entries: [
    { id: 3, at: '2026-11-28T10:15:00.000Z', reason: 'sale', change: -2, level: 7, order: { id: 301, orderNumber: 'PB-7K3Q9D' }, actor: null },
    { id: 2, at: '2026-11-27T09:00:00.000Z', reason: 'variant_edit', change: 4, level: 9, order: null, actor: { id: 1, username: 'owner' } },
    { id: 1, at: '2026-11-20T08:00:00.000Z', reason: 'opening', change: 5, level: 5, order: null, actor: null },
  ],
});

describe('the stock history dialog', () => {
  it('reads the history when opened and lists each change with its reason, order link or admin', async () => {
    const api = fakeApi({ [URL]: ok(history) });
    const { user } = renderInShop(<StockHistoryButton variantId={42} label="14 mm" />);
    expect(api.sentTo(URL)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Stock history of 14 mm' }));

    const dialog = await screen.findByRole('dialog', { name: 'Stock history: 14 mm' });
    expect(await within(dialog).findByText('7 in stock now. The latest 3 changes, newest first.')).toBeInTheDocument();
    const rows = within(dialog).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['Sale (reserved at checkout)', '-2', '7', 'PB-7K3Q9D'],
      ['Stock edited (product editor)', '+4', '9', 'owner'],
      ['Opening stock', '+5', '5', '—'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'PB-7K3Q9D' })).toHaveAttribute('href', '/admin/orders/301');
    expect(api.sentTo(URL)).toHaveLength(1);
  });

  it('says when there are no changes yet, and offers to try again when the read fails', async () => {
    let answer = fails(500, 'Something went wrong');
    fakeApi({ [URL]: () => answer });
    const { user } = renderInShop(<StockHistoryButton variantId={42} label="14 mm" />);
    await user.click(screen.getByRole('button', { name: 'Stock history of 14 mm' }));

    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Could not load the stock history');
    answer = ok({ ...history, stock: 0, entries: [] });
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('No stock changes yet.')).toBeInTheDocument();
  });
});
