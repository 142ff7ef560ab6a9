import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CsvImportResult } from '#common/schemas/product-csv.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { renderInShop } from '#client/test/render.tsx';
import { ProductCsvPanel } from './product-csv-panel.tsx';

// The CSV panel: a preview first, Import only after a clean preview, the rows' problems in a table,
// and a commit that stopped part-way said as such.

const result = (overrides: Partial<CsvImportResult> = {}) =>
  CsvImportResult.parse({ products: 3, variants: 7, creates: 2, updates: 1, unchanged: 4, errors: [], committed: false, ...overrides });
const csv = new File(['handle,name\ncourt-pro,Court Pro\n'], 'products.csv', { type: 'text/csv' });

function openPanel(importRoute: Parameters<typeof fakeApi>[0][string]) {
  const api = fakeApi({ 'POST /api/admin/products/import': importRoute });
  return { ...renderInShop(<ProductCsvPanel />), api };
}

describe('the product CSV panel', () => {
  it('offers the export as a download', () => {
    fakeApi({});
    renderInShop(<ProductCsvPanel />);
    const link = screen.getByRole('link', { name: 'Export products as CSV' });
    expect(link).toHaveAttribute('href', '/api/admin/products/export.csv');
    expect(link).toHaveAttribute('download');
  });

  it('previews a file, then imports it once the preview is clean', async () => {
    const { user, api } = openPanel((request) => ok(result({ committed: request.query.get('commit') === '1' })));
    const preview = screen.getByRole('button', { name: 'Preview import' });
    const importButton = screen.getByRole('button', { name: 'Import' });
    expect(preview).toBeDisabled();
    expect(importButton).toBeDisabled();

    await user.upload(screen.getByLabelText('CSV file to import'), csv);
    // a file alone is not enough: Import waits for a preview
    expect(importButton).toBeDisabled();
    await user.click(preview);

    const summary = await screen.findByTestId('csv-import-result');
    expect(summary).toHaveTextContent('Preview: 3 products, 7 variants: 2 new, 1 changed, 4 unchanged. Nothing has been written yet.');
    expect(api.sentTo('POST /api/admin/products/import')[0]?.query.has('commit')).toBe(false);
    expect(importButton).toBeEnabled();

    await user.click(importButton);

    expect(await screen.findByText('Imported: 3 products, 7 variants: 2 new, 1 changed, 4 unchanged.')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/products/import')[1]?.query.get('commit')).toBe('1');
    // imported once: the same file cannot be sent again by a second click
    expect(importButton).toBeDisabled();
  });

  it("lists the rows' problems and keeps Import disabled", async () => {
    const { user, api } = openPanel(
      ok(
        result({
          errors: [
            { row: 4, column: 'price', message: 'Price must be a positive amount' },
            { row: 9, column: 'option1_value', message: 'Grip size needs a value' },
          ],
        }),
      ),
    );
    await user.upload(screen.getByLabelText('CSV file to import'), csv);
    await user.click(screen.getByRole('button', { name: 'Preview import' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('2 problems: nothing will be imported until they are fixed.');
    const rows = within(screen.getByRole('table')).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual(['RowColumnProblem', '4pricePrice must be a positive amount', '9option1_valueGrip size needs a value']);
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
    expect(api.sent).toHaveLength(1);
  });

  it('says which rows were written when the import stopped part-way', async () => {
    const { user } = openPanel((request) =>
      ok(
        request.query.get('commit') === '1'
          ? result({ written: { products: 2, throughRow: 5 }, errors: [{ row: 6, column: 'handle', message: 'This product was deleted meanwhile' }] })
          : result(),
      ),
    );
    await user.upload(screen.getByLabelText('CSV file to import'), csv);
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByText(/^Preview:/);
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(await screen.findByText('Stopped part-way: rows 2 to 5 were imported (2 products written), nothing from row 6 on.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The import stopped at this problem: fix it, then preview and import the file again.');
  });

  it("shows the server's refusal of the whole file, and a new file clears the last result", async () => {
    const { user, api } = openPanel(fails(413, 'The file is larger than 5 MB'));
    await user.upload(screen.getByLabelText('CSV file to import'), csv);
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 5 MB');

    api.route('POST /api/admin/products/import', ok(result()));
    await user.click(screen.getByRole('button', { name: 'Preview import' }));
    await screen.findByTestId('csv-import-result');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.upload(screen.getByLabelText('CSV file to import'), new File(['x'], 'other.csv', { type: 'text/csv' }));
    expect(screen.queryByTestId('csv-import-result')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();
  });
});
