import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Suggestions } from '#common/schemas/search.ts';
import { fakeApi, ok } from '#client/test/fake-api.ts';
import { renderInShop } from '#client/test/render.tsx';
import { SearchCombobox } from './search-combobox.tsx';

// The header's search box as an ARIA combobox: the list opens as the shopper types, the arrow keys
// move through it, Enter opens the highlighted option (or searches), Escape closes it.

const answer = Suggestions.parse({
  didYouMean: 'paddle',
  queries: ['paddle'],
  categories: [{ id: 1, slug: 'paddles', name: 'Paddles' }],
  brands: [{ id: 3, slug: 'selkirk', name: 'Selkirk' }],
  products: [{ id: 7, name: 'Vanguard Power Air', slug: 'vanguard-power-air', price: '249.99', imageUrl: null, brandName: 'Selkirk' }],
});

function setUp(path = '/') {
  const api = fakeApi({ 'GET /api/search/suggest': ok(answer) });
  const view = renderInShop(<SearchCombobox />, { path });
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { ...view, api, box };
}

const highlighted = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('SearchCombobox', () => {
  it('offers searches, categories, brands and products as the shopper types, and says how many', async () => {
    const { user, box, api } = setUp();
    await user.type(box, 'padle');
    const list = await screen.findByRole('listbox', { name: 'Search suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['paddle', 'Paddles', 'Selkirk', 'Vanguard Power AirSelkirk · $249.99']);
    expect(screen.getByRole('group', { name: 'Brands' })).toBeInTheDocument();
    expect(screen.getByText(/4 suggestions/)).toHaveAttribute('aria-live', 'polite');
    // one read after the pause, for the whole word, not one per keystroke
    await waitFor(() => expect(api.sentTo('GET /api/search/suggest').map((request) => request.query.get('q'))).toEqual(['padle']));
  });

  it('moves with the arrow keys, wrapping at both ends, and Enter opens the highlighted product', async () => {
    const { user, box, history } = setUp();
    await user.type(box, 'padle');
    await screen.findByRole('listbox');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toBe('paddle');
    expect(screen.getByRole('option', { name: 'paddle' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(highlighted(box)).toContain('Vanguard Power Air');
    await user.keyboard('{ArrowDown}');
    expect(highlighted(box)).toBe('paddle');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(highlighted(box)).toContain('Vanguard Power Air');
    await user.keyboard('{Enter}');
    expect(history.at(-1)).toBe('/products/vanguard-power-air');
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens a category and a brand from the list', async () => {
    const { user, box, history } = setUp();
    await user.type(box, 'padle');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    expect(history.at(-1)).toBe('/shop?type=paddles');
    await user.type(box, 'x');
    await screen.findByRole('listbox');
    await user.click(screen.getByRole('option', { name: 'Selkirk' }));
    expect(history.at(-1)).toBe('/brands/selkirk');
  });

  it('searches for the text when Enter is pressed with nothing highlighted', async () => {
    const { user, box, history } = setUp();
    await user.type(box, ' padle ');
    await screen.findByRole('listbox');
    await user.keyboard('{Enter}');
    expect(history.at(-1)).toBe('/shop?search=padle');
  });

  it('closes with Escape, then clears the box with a second Escape', async () => {
    const { user, box } = setUp();
    await user.type(box, 'padle');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(box).toHaveValue('padle');
    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });

  it('shows the search of the results page it is on', () => {
    const { box } = setUp('/shop?search=selkirk%20paddle');
    expect(box).toHaveValue('selkirk paddle');
  });

  it('asks nothing for one letter', async () => {
    const { user, box, api } = setUp();
    await user.type(box, 'p');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(api.sentTo('GET /api/search/suggest')).toEqual([]);
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });
});
