import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogListing } from '#common/schemas/catalog-listing.ts';
import type { AdminReviewList, OwnReview, ReviewPage } from '#common/schemas/reviews.ts';
import { emailOutbox } from '#server/db/schema.ts';
import { expectAdminOnly } from '#server/test/admin-test-kit.ts';
import { addProduct, configureShop } from '#server/test/checkout-fixtures.ts';
import { goodReview, postReview } from '#server/test/review-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';

let t: TestApp;
let admin: SignedIn;
beforeAll(async () => {
  t = await createTestApp();
  await configureShop(t.db);
  admin = await t.signIn({ admin: true });
});
afterAll(async () => {
  await t.close();
});

const step = (id: number, to: 'publish' | 'hide') => admin.inject({ method: 'POST', url: `/api/admin/reviews/${id}/${to}` });
const ratingOf = async (productId: number) => {
  const detail = (await t.app.inject({ url: `/api/products/${productId}` })).json() as { ratingAverage: number | null; ratingCount: number };
  return { ratingAverage: detail.ratingAverage, ratingCount: detail.ratingCount };
};
async function reviewBy(productId: number, rating: number, extra: Record<string, unknown> = {}): Promise<OwnReview> {
  const res = await postReview(await t.signIn(), productId, { ...goodReview, rating, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as OwnReview;
}

describe('the review queue', () => {
  it('is for admins only', async () => {
    const product = await addProduct(t.db);
    const review = await reviewBy(product.id, 4);
    await expectAdminOnly(
      t,
      [
        { method: 'GET', url: '/api/admin/reviews' },
        { method: 'POST', url: `/api/admin/reviews/${review.id}/publish` },
        { method: 'POST', url: `/api/admin/reviews/${review.id}/hide` },
        { method: 'PUT', url: `/api/admin/reviews/${review.id}/reply`, payload: { reply: 'Thanks' } },
        { method: 'GET', url: '/api/admin/review-settings' },
        { method: 'PUT', url: '/api/admin/review-settings', payload: { holdForModeration: false } },
      ],
      () => ratingOf(product.id),
    );
  });

  it('publishes and hides with conditional steps, keeping the product rating in step', async () => {
    const product = await addProduct(t.db);
    const five = await reviewBy(product.id, 5);
    const two = await reviewBy(product.id, 2);
    expect(await ratingOf(product.id)).toEqual({ ratingAverage: null, ratingCount: 0 });

    const published = await Promise.all([step(five.id, 'publish'), step(five.id, 'publish')]);
    expect(published.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    await step(two.id, 'publish');
    expect(await ratingOf(product.id)).toEqual({ ratingAverage: 3.5, ratingCount: 2 });

    expect((await step(two.id, 'hide')).json()).toMatchObject({ status: 'hidden' });
    expect((await step(two.id, 'hide')).statusCode).toBe(409);
    expect(await ratingOf(product.id)).toEqual({ ratingAverage: 5, ratingCount: 1 });
    expect((await step(999_999, 'publish')).statusCode).toBe(404);

    const queue = (await admin.inject({ url: '/api/admin/reviews?status=hidden' })).json() as AdminReviewList;
    expect(queue.items.map((item) => item.id)).toContain(two.id);
    expect(queue.counts.hidden).toBeGreaterThanOrEqual(1);
  });

  it('an edit of a published review goes back to the queue and out of the rating', async () => {
    const product = await addProduct(t.db);
    const author = await t.signIn();
    const review = (await postReview(author, product.id)).json() as OwnReview;
    await step(review.id, 'publish');
    expect((await ratingOf(product.id)).ratingCount).toBe(1);
    const edited = await author.inject({ method: 'PUT', url: `/api/reviews/${review.id}`, payload: { ...goodReview, rating: 1 } });
    expect(edited.json()).toMatchObject({ status: 'pending', rating: 1 });
    expect(await ratingOf(product.id)).toEqual({ ratingAverage: null, ratingCount: 0 });
  });

  it('replies under the review and e-mails the author, with their words escaped', async () => {
    const product = await addProduct(t.db, { name: 'Reply <Paddle>' });
    const author = await t.signIn({ email: 'author@example.com' });
    const review = (await postReview(author, product.id, { ...goodReview, title: '<script>x</script>' })).json() as OwnReview;
    await step(review.id, 'publish');
    const res = await admin.inject({ method: 'PUT', url: `/api/admin/reviews/${review.id}/reply`, payload: { reply: 'Thanks <b>Pat</b>!' } });
    expect(res.statusCode, res.body).toBe(200);
    const page = (await t.app.inject({ url: `/api/products/${product.id}/reviews` })).json() as ReviewPage;
    expect(page.items[0]!.ownerReply).toBe('Thanks <b>Pat</b>!');
    const mails = (await t.db.select().from(emailOutbox)).filter((mail) => mail.kind === 'review-reply' && mail.recipient === 'author@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.html).toContain('Thanks &lt;b&gt;Pat&lt;/b&gt;!');
    expect(mails[0]!.html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(mails[0]!.html).not.toContain('<script>');
    expect(mails[0]!.text).toContain(`/products/${product.id}`);
    // the same reply again sends nothing more
    await admin.inject({ method: 'PUT', url: `/api/admin/reviews/${review.id}/reply`, payload: { reply: 'Thanks <b>Pat</b>!' } });
    expect((await t.db.select().from(emailOutbox)).filter((mail) => mail.kind === 'review-reply' && mail.recipient === 'author@example.com')).toHaveLength(1);
  });

  it('turns holding off and on', async () => {
    const off = await admin.inject({ method: 'PUT', url: '/api/admin/review-settings', payload: { holdForModeration: false } });
    expect(off.json()).toEqual({ holdForModeration: false });
    const product = await addProduct(t.db);
    expect((await reviewBy(product.id, 3)).status).toBe('published');
    await admin.inject({ method: 'PUT', url: '/api/admin/review-settings', payload: { holdForModeration: true } });
    expect((await admin.inject({ url: '/api/admin/review-settings' })).json()).toEqual({ holdForModeration: true });
    expect((await admin.inject({ method: 'PUT', url: '/api/admin/review-settings', payload: { holdForModeration: 'yes' } })).statusCode).toBe(400);
  });
});

describe('the product page list and the shop', () => {
  it('filters by rating and skill level, sorts, and the shop sorts by rating', async () => {
    const product = await addProduct(t.db, { name: 'Rated Paddle Alpha' });
    const other = await addProduct(t.db, { name: 'Rated Paddle Beta' });
    for (const [rating, skillLevel] of [
      [5, '4.0'],
      [4, '3.0'],
      [4, '4.0'],
    ] as const) {
      await step((await reviewBy(product.id, rating, { skillLevel })).id, 'publish');
    }
    await step((await reviewBy(other.id, 5)).id, 'publish');

    const read = async (query: string) => (await t.app.inject({ url: `/api/products/${product.id}/reviews${query}` })).json() as ReviewPage;
    const all = await read('');
    expect(all.summary.distribution).toEqual([
      { stars: 5, count: 1 },
      { stars: 4, count: 2 },
      { stars: 3, count: 0 },
      { stars: 2, count: 0 },
      { stars: 1, count: 0 },
    ]);
    expect(all.summary.average).toBe(4.33);
    expect((await read('?rating=4')).items.map((item) => item.rating)).toEqual([4, 4]);
    expect((await read('?skill=4.0&rating=5')).total).toBe(1);
    // unknown filter values are ignored, like the shop's
    expect((await read('?rating=9&skill=pro&sort=worst&page=x')).total).toBe(3);
    expect((await t.app.inject({ url: '/api/products/999999/reviews' })).statusCode).toBe(404);

    const listing = (await t.app.inject({ url: '/api/catalog?q=Rated%20Paddle&sort=top_rated' })).json() as CatalogListing;
    expect(listing.items.map((item) => [item.name, item.ratingAverage, item.ratingCount])).toEqual([
      ['Rated Paddle Beta', 5, 1],
      ['Rated Paddle Alpha', 4.33, 3],
    ]);
  });
});
