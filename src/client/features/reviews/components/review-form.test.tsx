import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OwnReview } from '#common/schemas/reviews.ts';
import { fakeApi, fails, ok, type Answer } from '#client/test/fake-api.ts';
import { customer, noReviews, ownReview } from '#client/test/fixtures.ts';
import { fillIn, renderInShop } from '#client/test/render.tsx';
import ProductReviews from './product-reviews.tsx';

// The product page's review form, in its section: what it asks for, what it sends, and what the
// customer reads once the shop has answered.

/** The shop's review routes; `saved`: what a write answers, which the customer's own review reads as from then on. */
function reviewsApi({ mine = null, saved, routes = {} }: { mine?: OwnReview | null; saved?: Answer; routes?: Parameters<typeof fakeApi>[0] } = {}) {
  let own = mine;
  const write = (): Answer => {
    if (!saved) return fails(500, 'No write expected');
    if ('json' in saved && (saved.status ?? 200) === 200) own = saved.json as OwnReview;
    return saved;
  };
  return fakeApi({
    'GET /api/user': ok(customer()),
    'GET /api/products/1/reviews': ok(noReviews()),
    'GET /api/products/1/reviews/mine': () => ok({ review: own }),
    'POST /api/products/1/reviews': write,
    'PUT /api/reviews/40': write,
    ...routes,
  });
}

async function openForm(user: ReturnType<typeof renderInShop>['user'], button: 'Write a review' | 'Edit your review' = 'Write a review') {
  const open = await screen.findByRole('button', { name: button });
  // disabled until the customer's own review has been read
  await waitFor(() => expect(open).toBeEnabled());
  await user.click(open);
  return within(screen.getByRole('form', { name: button }));
}

async function fillReview(user: ReturnType<typeof renderInShop>['user'], form: ReturnType<typeof within>) {
  await user.click(form.getByRole('radio', { name: '4 stars' }));
  await fillIn(user, form.getByLabelText('Title'), 'Great touch');
  await fillIn(user, form.getByLabelText('Your review'), 'Soft at the kitchen line.');
  await user.selectOptions(form.getByLabelText('Skill level'), '3.5');
  await user.selectOptions(form.getByLabelText('Singles or doubles'), 'Doubles');
  await user.selectOptions(form.getByLabelText('Play style'), 'Control');
  await user.selectOptions(form.getByLabelText('How long you have used it'), '1-6 months');
}

describe('the review form', () => {
  it('says beside each field what is missing, sends nothing, and lets a field be fixed', async () => {
    const api = reviewsApi();
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(form.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Choose a rating from 1 to 5 stars');
    expect(form.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(form.getByLabelText('Your review')).toHaveAccessibleDescription('Review text is required');
    expect(form.getByLabelText('Skill level')).toHaveAccessibleDescription('Choose your skill level');
    expect(form.getByLabelText('Singles or doubles')).toHaveAccessibleDescription('Choose singles or doubles');
    expect(form.getByLabelText('Play style')).toHaveAccessibleDescription('Choose your play style');
    expect(form.getByLabelText('How long you have used it')).toHaveAccessibleDescription('Choose how long you have used it');
    expect(api.sentTo('POST /api/products/1/reviews')).toHaveLength(0);

    await user.type(form.getByLabelText('Title'), 'Great touch');

    expect(form.getByLabelText('Title')).toBeValid();
    expect(form.getByLabelText('Your review')).toBeInvalid();
  });

  it('refuses a title of spaces with the schema message', async () => {
    reviewsApi();
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);
    await fillReview(user, form);
    await user.clear(form.getByLabelText('Title'));
    await user.type(form.getByLabelText('Title'), '   ');

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(form.getByLabelText('Title')).toHaveAccessibleDescription('Title is required');
  });

  it("sends the review and shows the shop's answer: held for the shop's check", async () => {
    const api = reviewsApi({ saved: ok(ownReview({ status: 'pending' })) });
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);
    expect(screen.getByRole('heading', { name: 'Review Court Pro Paddle' })).toBeInTheDocument();
    await fillReview(user, form);

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Thank you! Your review will appear once the shop has checked it.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(api.sentTo('POST /api/products/1/reviews')[0]?.body).toEqual({
      rating: 4,
      title: 'Great touch',
      body: 'Soft at the kitchen line.',
      skillLevel: '3.5',
      playFormat: 'doubles',
      playStyle: 'control',
      usagePeriod: '1_6_months',
    });
  });

  it('says so when the review is published at once', async () => {
    reviewsApi({ saved: ok(ownReview({ status: 'published' })) });
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);
    await fillReview(user, form);

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Your review is published.')).toBeInTheDocument();
  });

  it("keeps the form and shows the server's refusal", async () => {
    const refusal = 'You have already reviewed this product; edit your review instead.';
    reviewsApi({ saved: fails(409, refusal) });
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);
    await fillReview(user, form);

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(await form.findByRole('alert')).toHaveTextContent(refusal);
    expect(form.getByLabelText('Title')).toHaveValue('Great touch');
    expect(form.getByRole('button', { name: 'Submit review' })).toBeEnabled();
  });

  it('opens the saved review for editing, sends the whole review again and removes a photo', async () => {
    const saved = ownReview({ status: 'published', photos: [{ id: 3, url: '/uploads/reviews/3.webp' }] });
    const api = reviewsApi({
      mine: saved,
      saved: ok({ ...saved, title: 'Great touch, fast hands' }),
      routes: { 'DELETE /api/reviews/40/photos/3': ok({ ...saved, title: 'Great touch, fast hands', photos: [] }) },
    });
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    expect(await screen.findByText('Your review is published.')).toBeInTheDocument();
    const form = await openForm(user, 'Edit your review');
    expect(form.getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(form.getByLabelText('Play style')).toHaveDisplayValue('Control');

    await user.type(form.getByLabelText('Title'), ', fast hands');
    await user.click(within(form.getByRole('list', { name: 'Your photos' })).getByRole('button', { name: 'Remove' }));
    expect(form.queryByRole('img', { name: 'Your photo 1' })).not.toBeInTheDocument();
    await user.click(form.getByRole('button', { name: 'Update review' }));

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit your review' })).not.toBeInTheDocument());
    expect(api.sentTo('PUT /api/reviews/40')[0]?.body).toMatchObject({ title: 'Great touch, fast hands', rating: 4, playStyle: 'control' });
    expect(api.sentTo('DELETE /api/reviews/40/photos/3')).toHaveLength(1);
  });

  it('uploads a chosen photo after the text is saved', async () => {
    const api = reviewsApi({
      saved: ok(ownReview()),
      routes: { 'POST /api/reviews/40/photos': ok(ownReview({ photos: [{ id: 9, url: '/uploads/reviews/9.webp' }] })) },
    });
    const { user } = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
    const form = await openForm(user);
    await fillReview(user, form);
    await user.upload(form.getByLabelText('Photos (optional)'), new File(['jpeg bytes'], 'paddle.jpg', { type: 'image/jpeg' }));

    await user.click(form.getByRole('button', { name: 'Submit review' }));

    expect(await screen.findByText('Thank you! Your review will appear once the shop has checked it.')).toBeInTheDocument();
    expect(api.sent.map((request) => `${request.method} ${request.path}`)).toEqual(
      expect.arrayContaining(['POST /api/products/1/reviews', 'POST /api/reviews/40/photos']),
    );
    expect(api.sent.findIndex((request) => request.path === '/api/reviews/40/photos')).toBeGreaterThan(
      api.sent.findIndex((request) => request.path === '/api/products/1/reviews' && request.method === 'POST'),
    );
  });

  it('offers a signed-out shopper the way to sign in, back to the reviews', async () => {
    reviewsApi({ routes: { 'GET /api/user': fails(401, 'Not signed in') } });
    renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);

    expect(await screen.findByRole('link', { name: 'Sign in to write a review' })).toHaveAttribute(
      'href',
      `/auth?returnTo=${encodeURIComponent('/products/1#reviews')}`,
    );
    expect(screen.queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
  });
});
