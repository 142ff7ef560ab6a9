import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Suggestions } from '#common/schemas/search.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { renderInShop } from '#client/test/render.tsx';
import { SearchBox } from './search-box.tsx';

// The header's box as the page first loads it: a plain form until the first focus, then the combobox,
// with what was typed meanwhile, the focus and the caret handed over.

const answer = Suggestions.parse({
  didYouMean: null,
  queries: ['paddle'],
  categories: [],
  brands: [],
  products: [],
});

describe('SearchBox', () => {
  it('is a plain search form to /shop, the results page search in it, until it is used', () => {
    fakeApi({});
    renderInShop(<SearchBox />, { path: '/shop?search=selkirk' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveValue('selkirk');
    expect(box).toHaveAttribute('name', 'search');
    expect(box.closest('form')).toHaveAttribute('action', '/shop');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('becomes the combobox on focus, keeping the keys typed before it arrived', async () => {
    const api = fakeApi({ 'GET /api/search/suggest': ok(answer) });
    const { user } = renderInShop(<SearchBox />, { path: '/' });
    const plain = screen.getByRole('combobox', { name: 'Search products' });
    await user.click(plain);
    await user.keyboard('pad');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Search products' })).not.toBe(plain));
    const box = screen.getByRole('combobox', { name: 'Search products' });
    expect(box).toHaveFocus();
    await user.keyboard('le');
    expect(box).toHaveValue('padle');
    expect(await screen.findByRole('option', { name: 'paddle' })).toBeInTheDocument();
    expect(api.sentTo('GET /api/search/suggest').length).toBeGreaterThan(0);
  });

  it('searches in the page when Enter comes before the combobox code: trimmed, a blank search ignored', () => {
    fakeApi({});
    const searched: string[] = [];
    const { history } = renderInShop(<SearchBox onSearched={() => searched.push('searched')} />, { path: '/' });
    const box = screen.getByRole('combobox', { name: 'Search products' });
    // no focus and no await: the plain form is still the one on the page
    fireEvent.change(box, { target: { value: '   ' } });
    expect(fireEvent.submit(box.closest('form')!)).toBe(false);
    expect(history).toEqual(['/']);
    fireEvent.change(box, { target: { value: '  ball & bag ' } });
    expect(fireEvent.submit(box.closest('form')!)).toBe(false);
    expect(history.at(-1)).toBe('/shop?search=ball%20%26%20bag');
    expect(searched).toEqual(['searched']);
  });
});
