import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReviewPage, type PublicReview } from '#common/schemas/reviews.ts';
import { fakeApi, fails, ok, type SentRequest } from '#client/test/fake-api.ts';
import { customer, ownReview } from '#client/test/fixtures.ts';
import { findToast, renderInShop } from '#client/test/render.tsx';
import ProductReviews from './product-reviews.tsx';

// The product page's reviews: the summary, the published reviews with the shop's reply, filtering by
// star and skill level, and "Was this helpful?".

function published(id: number, overrides: Partial<PublicReview> = {}): PublicReview {
  const { status: _status, productId: _productId, ...review } = ownReview({ id, isOwn: false, author: 'Sam K.', ...overrides });
  return review;
}

function page(items: PublicReview[], overrides: Partial<ReviewPage> = {}): ReviewPage {
  return ReviewPage.parse({
    summary: {
      average: 4.5,
      count: 2,
      distribution: [
        { stars: 5, count: 1 },
        { stars: 4, count: 1 },
        { stars: 3, count: 0 },
        { stars: 2, count: 0 },
        { stars: 1, count: 0 },
      ],
    },
    items,
    total: items.length,
    page: 1,
    pageCount: 1,
    sort: 'newest',
    ...overrides,
  });
}

const great = published(1, { rating: 5, title: 'Best paddle I have owned', ownerReply: 'Thanks, Sam!', helpfulCount: 2, skillLevel: '4.0' });
const good = published(2, { rating: 4, title: 'Good touch', author: 'Lee M.', skillLevel: '3.0' });

function openReviews(list: (request: SentRequest) => ReviewPage, routes: Parameters<typeof fakeApi>[0] = {}) {
  const api = fakeApi({
    'GET /api/user': ok(customer()),
    'GET /api/products/1/reviews': (request) => ok(list(request)),
    'GET /api/products/1/reviews/mine': ok({ review: null }),
    ...routes,
  });
  const view = renderInShop(<ProductReviews productId={1} productName="Court Pro Paddle" />);
  return { ...view, api };
}

describe('the reviews section', () => {
  it('shows the summary and each published review with the shop’s reply', async () => {
    openReviews(() => page([great, good]));

    expect(await screen.findByRole('article', { name: 'Best paddle I have owned' })).toBeInTheDocument();
    expect(screen.getByText('4.5', { selector: 'p' })).toBeInTheDocument();
    // in the summary and above the list
    expect(screen.getAllByText('2 reviews')).toHaveLength(2);
    const first = within(screen.getByRole('article', { name: 'Best paddle I have owned' }));
    expect(first.getByText('Reply from the shop').nextElementSibling).toHaveTextContent('Thanks, Sam!');
    expect(first.getByText('2 people found this helpful')).toBeInTheDocument();
    expect(first.getByText('Verified purchase')).toBeInTheDocument();
  });

  it('filters by star from the summary and by skill level, asking the shop for that list', async () => {
    const { user, api } = openReviews((request) => {
      if (request.query.get('rating') === '4') return page([good], { total: 1 });
      if (request.query.get('skill') === '4.0') return page([great], { total: 1 });
      return page([great, good]);
    });
    await screen.findByRole('article', { name: 'Good touch' });

    await user.click(within(screen.getByRole('list', { name: 'Rating distribution' })).getByRole('button', { name: /^4 star/ }));

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Best paddle I have owned' })).not.toBeInTheDocument());
    expect(screen.getByText('1 review match these filters')).toBeInTheDocument();
    expect(screen.getByLabelText('Rating')).toHaveValue('4');

    await user.selectOptions(screen.getByLabelText('Rating'), 'All ratings');
    await user.selectOptions(screen.getByLabelText('Skill level'), '4.0');

    expect(await screen.findByRole('article', { name: 'Best paddle I have owned' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Good touch' })).not.toBeInTheDocument());
    expect(api.sentTo('GET /api/products/1/reviews').map((request) => request.url)).toEqual(
      expect.arrayContaining(['/api/products/1/reviews?sort=newest&rating=4', '/api/products/1/reviews?sort=newest&skill=4.0']),
    );
  });

  it('counts a helpful vote and shows the list as the shop has it then', async () => {
    let voted = false;
    const { user, api } = openReviews(() => page([{ ...good, votedHelpful: voted, helpfulCount: voted ? 1 : 0 }]), {
      'POST /api/reviews/2/helpful': () => {
        voted = true;
        return ok({ helpfulCount: 1 });
      },
    });
    const review = within(await screen.findByRole('article', { name: 'Good touch' }));

    await user.click(review.getByRole('button', { name: 'Was this helpful?' }));

    expect(await review.findByRole('button', { name: 'You found this helpful' })).toBeDisabled();
    expect(review.getByText('1 person found this helpful')).toBeInTheDocument();
    expect(api.sentTo('POST /api/reviews/2/helpful')).toHaveLength(1);
  });

  it("shows a refused vote's reason", async () => {
    const { user } = openReviews(() => page([good]), { 'POST /api/reviews/2/helpful': fails(409, 'You have already voted for this review') });
    const review = within(await screen.findByRole('article', { name: 'Good touch' }));

    await user.click(review.getByRole('button', { name: 'Was this helpful?' }));

    expect(await findToast('Your vote was not counted')).toHaveTextContent('You have already voted for this review');
  });

  it('says when the reviews could not be loaded, and loads them on Try again', async () => {
    let answers = 0;
    const { user } = openReviews(() => page([good]), {
      'GET /api/products/1/reviews': () => (answers++ === 0 ? fails(503, 'Unavailable') : ok(page([good]))),
    });

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent("We couldn't load the reviews");

    await user.click(within(failure).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByRole('article', { name: 'Good touch' })).toBeInTheDocument();
  });
});
