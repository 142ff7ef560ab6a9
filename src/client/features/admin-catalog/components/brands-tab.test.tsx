import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Brand } from '#common/schemas/catalog.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import { BrandsTab } from './brands-tab.tsx';

// The owner's Brands tab: the form sends a multipart brand (slug only when typed), Edit fills it,
// the list features, unfeatures and deletes after asking, and the server's refusals show where they belong.

const selkirk = Brand.parse({ id: 3, name: 'Selkirk', slug: 'selkirk', description: 'Made in Idaho.', imageUrl: null, isFeatured: false });
const joola = Brand.parse({ id: 4, name: 'JOOLA', slug: 'joola', description: null, imageUrl: null, isFeatured: true });

function openBrands(routes: Parameters<typeof fakeApi>[0] = {}, brands: Brand[] = [selkirk, joola]) {
  const api = fakeApi({ 'GET /api/brands': ok(brands), ...routes });
  return { ...renderInShop(<BrandsTab />, { path: '/admin/brands' }), api };
}

describe('the brands tab', () => {
  it('adds a brand as a multipart form with its image, leaving the slug to the server when empty', async () => {
    const { user, api } = openBrands({ 'POST /api/brands': ok({ ...selkirk, id: 9, name: 'Engage', slug: 'engage' }) });
    expect(await screen.findByText('Brands (2)')).toBeInTheDocument();

    await fillIn(user, screen.getByLabelText('Brand name'), 'Engage');
    await fillIn(user, screen.getByLabelText('Description'), 'Michigan paddles.');
    const logo = new File(['png'], 'engage.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Brand image'), logo);
    await user.click(screen.getByRole('button', { name: 'Add Brand' }));

    expect(await findToast('Brand created')).toHaveTextContent('Engage was added.');
    const form = api.sentTo('POST /api/brands')[0]?.form;
    expect(form?.get('name')).toBe('Engage');
    expect(form?.get('description')).toBe('Michigan paddles.');
    expect(form?.has('slug')).toBe(false);
    expect((form?.get('image') as File | null)?.name).toBe('engage.png');
    expect(screen.getByLabelText('Brand name')).toHaveValue('');
    // the list is read again so the new brand shows
    await waitFor(() => expect(api.sentTo('GET /api/brands')).toHaveLength(2));
  });

  it('checks the name and the slug beside their fields and sends nothing', async () => {
    const { user, api } = openBrands();
    await screen.findByText('Brands (2)');

    await fillIn(user, screen.getByLabelText('URL slug'), 'Not A Slug!');
    await user.click(screen.getByRole('button', { name: 'Add Brand' }));

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand name')).toBeInvalid();
    expect(screen.getByLabelText('URL slug')).toHaveAccessibleDescription(/^URL slug must be /);
    expect(api.sentTo('POST /api/brands')).toHaveLength(0);
  });

  it('edits a brand: its values in the form, its address in the hint, Cancel empties the form', async () => {
    const { user, api } = openBrands({ 'PATCH /api/brands/3': ok({ ...selkirk, slug: 'selkirk-sport' }) });
    await user.click(await screen.findByRole('button', { name: 'Edit Selkirk' }));

    expect(screen.getByText('Edit Brand: Selkirk')).toBeInTheDocument();
    expect(screen.getByLabelText('Brand name')).toHaveValue('Selkirk');
    expect(screen.getByLabelText('Description')).toHaveValue('Made in Idaho.');
    expect(screen.getByLabelText('URL slug')).toHaveAccessibleDescription(/\/brands\/selkirk\. A new slug keeps the old address working/);

    await user.clear(screen.getByLabelText('URL slug'));
    await fillIn(user, screen.getByLabelText('URL slug'), 'selkirk-sport');
    await user.click(screen.getByRole('button', { name: 'Update Brand' }));

    expect(await findToast('Brand updated')).toHaveTextContent('Selkirk was saved.');
    const form = api.sentTo('PATCH /api/brands/3')[0]?.form;
    expect(form?.get('slug')).toBe('selkirk-sport');
    expect(form?.has('image')).toBe(false);
    expect(screen.getByText('Add New Brand')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit JOOLA' }));
    expect(screen.getByLabelText('Brand name')).toHaveValue('JOOLA');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Brand name')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Add Brand' })).toBeInTheDocument();
  });

  it("puts the server's refusal under the field it names", async () => {
    const { user } = openBrands({
      'POST /api/brands': fails(409, 'Invalid brand: slug: This URL slug is taken', [{ path: 'slug', message: 'This URL slug is taken' }]),
    });
    await screen.findByText('Brands (2)');

    await fillIn(user, screen.getByLabelText('Brand name'), 'Selkirk Two');
    await fillIn(user, screen.getByLabelText('URL slug'), 'selkirk');
    await user.click(screen.getByRole('button', { name: 'Add Brand' }));

    expect(await findToast('Failed to create brand')).toHaveTextContent('Invalid brand: slug: This URL slug is taken');
    expect(screen.getByLabelText('URL slug')).toHaveAccessibleDescription('This URL slug is taken');
    // the typed brand stays for a second try
    expect(screen.getByLabelText('Brand name')).toHaveValue('Selkirk Two');
  });

  it('features and unfeatures a brand, and names the limit of four', async () => {
    const { user, api } = openBrands({
      'PATCH /api/brands/3/featured': fails(409, 'At most 4 brands can be featured'),
      'PATCH /api/brands/4/featured': ok({ ...joola, isFeatured: false }),
    });
    const joolaRow = within(await screen.findByTestId('brand-row-4'));
    expect(joolaRow.getByText('Featured')).toBeInTheDocument();

    await user.click(joolaRow.getByRole('button', { name: 'Unfeature JOOLA' }));
    expect(await findToast('Brand unfeatured')).toHaveTextContent('JOOLA');
    expect(api.sentTo('PATCH /api/brands/4/featured')[0]?.body).toEqual({ isFeatured: false });

    await user.click(screen.getByRole('button', { name: 'Feature Selkirk' }));
    expect(await findToast('Maximum featured brands reached')).toHaveTextContent('You can only have up to 4 featured brands.');
    expect(api.sentTo('PATCH /api/brands/3/featured')[0]?.body).toEqual({ isFeatured: true });
  });

  it('deletes a brand only after the admin confirms its name', async () => {
    const { user, api } = openBrands({ 'DELETE /api/brands/3': ok(null) });
    await user.click(await screen.findByRole('button', { name: 'Delete Selkirk' }));

    const dialog = within(screen.getByRole('dialog', { name: 'Are you sure you want to delete this brand?' }));
    expect(dialog.getByText('“Selkirk” will be removed. This cannot be undone.')).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.sentTo('DELETE /api/brands/3')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Selkirk' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await findToast('Brand deleted')).toBeInTheDocument();
    expect(api.sentTo('DELETE /api/brands/3')).toHaveLength(1);
  });

  it('says so when there is no brand yet', async () => {
    openBrands({}, []);
    expect(await screen.findByText('No brands yet. Add the first one above.')).toBeInTheDocument();
  });

  it('shows why the brand list could not be read', async () => {
    fakeApi({ 'GET /api/brands': fails(500, 'The database is not answering') });
    renderInShop(<BrandsTab />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The database is not answering');
  });
});
