import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProductTypeCatalog } from '#common/schemas/admin-product-types.ts';
import { fakeApi, fails, ok } from '#client/test/fake-api.ts';
import { siteSettings } from '#client/test/fixtures.ts';
import { fillIn, findToast, renderInShop } from '#client/test/render.tsx';
import ProductTypesPage from './product-types-page.tsx';

// /admin/product-types: the types' order and names, a type's option axes (at most three, in the order
// ticked) and spec fields, the shared axes and their values, and a delete the server refuses.

const axes = [
  {
    id: 1,
    key: 'core_thickness',
    name: 'Core thickness',
    values: [
      { id: 11, label: '13 mm', sortValue: 13 },
      { id: 12, label: '16 mm', sortValue: 16 },
    ],
  },
  { id: 2, key: 'grip_size', name: 'Grip size', values: [{ id: 21, label: '4 1/4', sortValue: 4.25 }] },
  { id: 3, key: 'color', name: 'Colour', values: [] },
  { id: 4, key: 'weight', name: 'Weight', values: [] },
];

const catalog = ProductTypeCatalog.parse({
  types: [
    {
      id: 1,
      slug: 'paddles',
      name: 'Paddles',
      position: 0,
      productCount: 12,
      options: [{ id: 1, key: 'core_thickness', name: 'Core thickness' }],
      attributes: [
        { id: 101, key: 'weight', name: 'Weight', kind: 'number', unit: 'oz', choices: [], position: 0, isFilter: true },
        { id: 102, key: 'shape', name: 'Shape', kind: 'choice', unit: null, choices: ['Standard', 'Elongated'], position: 1, isFilter: false },
      ],
    },
    { id: 2, slug: 'balls', name: 'Balls', position: 1, productCount: 1, options: [], attributes: [] },
  ],
  optionTypes: axes,
});

function openTypes(routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'GET /api/admin/product-types': ok(catalog), ...routes });
  return { ...renderInShop(<ProductTypesPage />, { path: '/admin/product-types' }), api };
}

describe('the product types page', () => {
  it('lists the types with their counts and moves one down, sending the whole new order', async () => {
    const { user, api } = openTypes({ 'PUT /api/admin/product-types/order': ok(null) });
    const paddles = within(await screen.findByTestId('type-row-paddles'));
    expect(paddles.getByText('12 products · 2 spec fields')).toBeInTheDocument();
    expect(within(screen.getByTestId('type-row-balls')).getByText('1 product · 0 spec fields')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move Paddles up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Balls down' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Move Paddles down' }));

    expect(await findToast('Product types reordered')).toBeInTheDocument();
    expect(api.sentTo('PUT /api/admin/product-types/order')[0]?.body).toEqual({ ids: [2, 1] });
    await waitFor(() => expect(api.sentTo('GET /api/admin/product-types')).toHaveLength(2));
  });

  it('adds a type by its trimmed name, with Add disabled while the name is blank', async () => {
    const { user, api } = openTypes({ 'POST /api/admin/product-types': ok(null) });
    await screen.findByTestId('type-row-paddles');
    const add = screen.getByRole('button', { name: 'Add type' });
    expect(add).toBeDisabled();
    await fillIn(user, screen.getByLabelText('New product type'), '   ');
    expect(add).toBeDisabled();

    await fillIn(user, screen.getByLabelText('New product type'), 'Bags  ');
    await user.click(add);

    expect(await findToast('Product type added')).toBeInTheDocument();
    expect(api.sentTo('POST /api/admin/product-types')[0]?.body).toEqual({ name: 'Bags' });
    expect(screen.getByLabelText('New product type')).toHaveValue('');
  });

  it('renames a type in place', async () => {
    const { user, api } = openTypes({ 'PATCH /api/admin/product-types/2': ok(null) });
    await user.click(await screen.findByRole('button', { name: 'Rename Balls' }));
    const field = screen.getByLabelText('New name of Balls');
    expect(field).toHaveValue('Balls');
    await user.clear(field);
    await fillIn(user, field, ' Outdoor balls ');
    await user.click(within(screen.getByTestId('type-row-balls')).getByRole('button', { name: 'Save' }));

    expect(await findToast('Product type renamed')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/admin/product-types/2')[0]?.body).toEqual({ name: 'Outdoor balls' });
    expect(screen.queryByLabelText('New name of Balls')).not.toBeInTheDocument();
  });

  it("keeps the delete dialog open with the server's reason when a type is still used", async () => {
    const { user, api } = openTypes({ 'DELETE /api/admin/product-types/1': fails(409, 'Paddles is used by 12 products') });
    await user.click(await screen.findByRole('button', { name: 'Delete Paddles' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Delete this product type and its spec sheet?' }));
    expect(dialog.getByText('“Paddles” will be removed. This cannot be undone.')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await dialog.findByRole('alert')).toHaveTextContent('Paddles is used by 12 products');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(api.sentTo('DELETE /api/admin/product-types/1')).toHaveLength(1);
  });

  it('ticks axes in order, at most three, and saves them for the chosen type', async () => {
    const { user, api } = openTypes({ 'PUT /api/admin/product-types/1/options': ok(null) });
    const axesBox = within(await screen.findByRole('group', { name: /Option axes \(at most 3/ }));
    expect(axesBox.getByRole('checkbox', { name: /Core thickness/ })).toBeChecked();

    await user.click(axesBox.getByRole('checkbox', { name: /Colour/ }));
    await user.click(axesBox.getByRole('checkbox', { name: /Grip size/ }));
    // three ticked: the fourth cannot be added, but a ticked one can still be taken off
    expect(axesBox.getByRole('checkbox', { name: /Weight/ })).toBeDisabled();
    expect(axesBox.getByRole('checkbox', { name: /Grip size/ })).toBeEnabled();
    await user.click(axesBox.getByRole('button', { name: 'Save axes' }));

    expect(await findToast('Option axes saved')).toBeInTheDocument();
    expect(api.sentTo('PUT /api/admin/product-types/1/options')[0]?.body).toEqual({ optionTypeIds: [1, 3, 2] });
  });

  it('shows the chosen type’s spec fields, edits one and adds a choice field', async () => {
    const { user, api } = openTypes({
      'PATCH /api/admin/attributes/102': ok(null),
      'POST /api/admin/product-types/1/attributes': ok(null),
    });
    const shape = within(await screen.findByTestId('attribute-row-shape'));
    expect(shape.getByText('Choice: Standard, Elongated · key shape')).toBeInTheDocument();
    expect(within(screen.getByTestId('attribute-row-weight')).getByText('Number, oz · key weight')).toBeInTheDocument();

    await user.click(shape.getByRole('button', { name: 'Edit Shape' }));
    await user.clear(shape.getByLabelText('Choices'));
    await fillIn(user, shape.getByLabelText('Choices'), 'Standard, Elongated , Hybrid,');
    await user.click(shape.getByRole('checkbox', { name: 'Shop filter' }));
    await user.click(shape.getByRole('button', { name: 'Save field' }));
    expect(await findToast('Spec field saved')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/admin/attributes/102')[0]?.body).toEqual({
      name: 'Shape',
      unit: null,
      choices: ['Standard', 'Elongated', 'Hybrid'],
      isFilter: true,
    });

    const addForm = within(screen.getByRole('form', { name: 'Add a spec field' }));
    expect(addForm.getByRole('button', { name: 'Add field' })).toBeDisabled();
    await fillIn(user, addForm.getByLabelText('New field name'), 'Face material');
    await user.selectOptions(addForm.getByLabelText('Kind'), 'Several choices');
    expect(addForm.queryByLabelText('Unit of the new field')).not.toBeInTheDocument();
    await fillIn(user, addForm.getByLabelText('Choices of the new field'), 'Carbon, Glass');
    await user.click(addForm.getByRole('button', { name: 'Add field' }));

    await waitFor(() => expect(addForm.getByLabelText('New field name')).toHaveValue(''));
    expect(api.sentTo('POST /api/admin/product-types/1/attributes')[0]?.body).toEqual({
      name: 'Face material',
      kind: 'multi_choice',
      unit: null,
      choices: ['Carbon', 'Glass'],
      isFilter: false,
    });
  });

  it('switches the spec sheet to another type', async () => {
    const { user } = openTypes();
    await screen.findByText('Spec fields of Paddles');
    await user.selectOptions(screen.getByLabelText('Type to edit'), 'Balls');
    expect(screen.getByText('Spec fields of Balls')).toBeInTheDocument();
    expect(screen.queryByTestId('attribute-row-shape')).not.toBeInTheDocument();
    const axesBox = within(screen.getByRole('group', { name: /Option axes/ }));
    expect(axesBox.getByRole('checkbox', { name: /Core thickness/ })).not.toBeChecked();
  });

  it("renames and reorders an axis's shared values", async () => {
    const { user, api } = openTypes({
      'PATCH /api/admin/option-values/21': ok(null),
      'PUT /api/admin/option-types/1/values/order': ok(null),
    });
    const grip = within(await screen.findByTestId('axis-grip_size'));
    await user.click(grip.getByRole('button', { name: 'Rename Grip size 4 1/4' }));
    const label = grip.getByLabelText('New label of Grip size 4 1/4');
    await user.clear(label);
    await fillIn(user, label, '4 1/4 in');
    await user.click(grip.getByRole('button', { name: 'Save' }));
    expect(await findToast('Option value renamed')).toBeInTheDocument();
    expect(api.sentTo('PATCH /api/admin/option-values/21')[0]?.body).toEqual({ label: '4 1/4 in' });

    await user.click(screen.getByRole('button', { name: 'Move Core thickness 16 mm up' }));
    expect(await findToast('Option values reordered')).toBeInTheDocument();
    expect(api.sentTo('PUT /api/admin/option-types/1/values/order')[0]?.body).toEqual({ ids: [12, 11] });
    expect(within(screen.getByTestId('axis-color')).getByText('No values yet: they come with the products that use them.')).toBeInTheDocument();
  });

  it('shows why the types could not be read', async () => {
    fakeApi({ 'GET /api/site-settings': ok(siteSettings()), 'GET /api/admin/product-types': fails(403, 'Admin access required') });
    renderInShop(<ProductTypesPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Admin access required');
  });
});
