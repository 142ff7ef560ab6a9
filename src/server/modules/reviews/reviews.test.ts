import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELPFUL_VOTES_PER_HOUR, REVIEW_BODY_MAX, REVIEW_TITLE_MAX, type OwnReview, type ReviewPage } from '#common/schemas/reviews.ts';
import { orders, reviews, siteSettings } from '#server/db/schema.ts';
import { multipartBody, pngFile } from '#server/test/admin-test-kit.ts';
import { addProduct, configureShop } from '#server/test/checkout-fixtures.ts';
import { buyProduct, goodReview, postReview } from '#server/test/review-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { ALREADY_REVIEWED } from './review-writes.ts';

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

const publish = (id: number) => admin.inject({ method: 'POST', url: `/api/admin/reviews/${id}/publish` });
const readPage = async (productId: number, query = '', as?: SignedIn) => {
  const res = as
    ? await as.inject({ url: `/api/products/${productId}/reviews${query}` })
    : await t.app.inject({ url: `/api/products/${productId}/reviews${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReviewPage;
};

describe('writing a review', () => {
  it('needs an account (401)', async () => {
    const product = await addProduct(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/products/${product.id}/reviews`,
      payload: goodReview,
      headers: { origin: 'http://localhost:80' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('is held for moderation by default, then shown with "verified purchase" once published', async () => {
    const product = await addProduct(t.db);
    const buyer = await t.signIn();
    await buyProduct(buyer, product.id);
    const res = await postReview(buyer, product.id);
    expect(res.statusCode, res.body).toBe(201);
    const review = res.json() as OwnReview;
    expect(review).toMatchObject({ status: 'pending', verifiedPurchase: true, rating: 5, title: goodReview.title });
    expect((await readPage(product.id)).items).toEqual([]);

    expect((await publish(review.id)).statusCode).toBe(200);
    const page = await readPage(product.id);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id: review.id, verifiedPurchase: true, body: goodReview.body });
    expect(page.summary).toMatchObject({ average: 5, count: 1 });
    const detail = (await t.app.inject({ url: `/api/products/${product.id}` })).json() as { ratingAverage: number; ratingCount: number };
    expect(detail).toMatchObject({ ratingAverage: 5, ratingCount: 1 });
  });

  it('is no verified purchase without a paid order, nor after the order is cancelled', async () => {
    const product = await addProduct(t.db);
    const buyer = await t.signIn();
    const orderId = await buyProduct(buyer, product.id);
    await t.db.update(orders).set({ status: 'cancelled', paymentStatus: 'refunded' }).where(eq(orders.id, orderId));
    const res = await postReview(buyer, product.id);
    expect((res.json() as OwnReview).verifiedPurchase).toBe(false);
  });

  it('allows one review per customer and product: a second is a 409, an edit changes the first', async () => {
    const product = await addProduct(t.db);
    const shopper = await t.signIn();
    const first = (await postReview(shopper, product.id)).json() as OwnReview;
    const second = await postReview(shopper, product.id, { ...goodReview, title: 'Again' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ALREADY_REVIEWED);

    const edited = await shopper.inject({ method: 'PUT', url: `/api/reviews/${first.id}`, payload: { ...goodReview, rating: 3, title: 'Changed my mind' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ id: first.id, rating: 3, title: 'Changed my mind', status: 'pending' });
    const mine = await shopper.inject({ url: `/api/products/${product.id}/reviews/mine` });
    expect(mine.json().review).toMatchObject({ id: first.id, title: 'Changed my mind' });
  });

  it("refuses to edit another customer's review (404), changing nothing", async () => {
    const product = await addProduct(t.db);
    const author = await t.signIn();
    const other = await t.signIn();
    const review = (await postReview(author, product.id)).json() as OwnReview;
    const res = await other.inject({ method: 'PUT', url: `/api/reviews/${review.id}`, payload: { ...goodReview, title: 'Hijacked' } });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(row!.title).toBe(goodReview.title);
  });

  it('refuses bad input with a clear 400', async () => {
    const product = await addProduct(t.db);
    const shopper = await t.signIn();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...goodReview, rating: 0 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...goodReview, rating: 6 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...goodReview, rating: 4.5 }, 'Rating must be a whole number from 1 to 5'],
      [{ ...goodReview, title: 'x'.repeat(REVIEW_TITLE_MAX + 1) }, `Title must be at most ${REVIEW_TITLE_MAX} characters`],
      [{ ...goodReview, body: 'x'.repeat(REVIEW_BODY_MAX + 1) }, `Review text must be at most ${REVIEW_BODY_MAX} characters`],
      [{ ...goodReview, body: '   ' }, 'Review text is required'],
      [{ ...goodReview, skillLevel: '6.0' }, 'Skill level must be one of 2.5, 3.0, 3.5, 4.0, 4.5, 5.0+'],
      [{ ...goodReview, body: 'bad\u0000byte' }, 'must not contain control characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await postReview(shopper, product.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await postReview(shopper, 999_999)).statusCode).toBe(404);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
  });

  it('stores HTML and script as the text it is', async () => {
    const product = await addProduct(t.db);
    const shopper = await t.signIn();
    const body = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    const review = (await postReview(shopper, product.id, { ...goodReview, title: '<b>bold</b>', body })).json() as OwnReview;
    await publish(review.id);
    const shown = (await readPage(product.id)).items[0]!;
    expect(shown.body).toBe(body);
    expect(shown.title).toBe('<b>bold</b>');
  });

  it('publishes at once when the shop does not hold reviews', async () => {
    await t.db.update(siteSettings).set({ holdReviewsForModeration: false }).where(eq(siteSettings.id, 1));
    try {
      const product = await addProduct(t.db);
      const shopper = await t.signIn();
      const review = (await postReview(shopper, product.id, { ...goodReview, rating: 4 })).json() as OwnReview;
      expect(review.status).toBe('published');
      expect((await readPage(product.id)).summary).toMatchObject({ average: 4, count: 1 });
    } finally {
      await t.db.update(siteSettings).set({ holdReviewsForModeration: true }).where(eq(siteSettings.id, 1));
    }
  });
});

describe('photos', () => {
  it('take the upload checks and at most four', async () => {
    const product = await addProduct(t.db);
    const shopper = await t.signIn();
    const review = (await postReview(shopper, product.id)).json() as OwnReview;
    const png = await pngFile();
    const upload = async (as: SignedIn, file: Parameters<typeof multipartBody>[0] = { photo: png }) =>
      as.inject({ method: 'POST', url: `/api/reviews/${review.id}/photos`, ...(await multipartBody(file)) });
    const notImage = await upload(shopper, { photo: { bytes: Buffer.from('<svg onload=alert(1)>'), filename: 'x.png', type: 'image/png' } });
    expect(notImage.statusCode).toBe(415);
    for (let i = 0; i < 4; i += 1) expect((await upload(shopper)).statusCode).toBe(200);
    const fifth = await upload(shopper);
    expect(fifth.statusCode).toBe(409);
    expect((await upload(await t.signIn())).statusCode).toBe(404);
    const mine = (await shopper.inject({ url: `/api/products/${product.id}/reviews/mine` })).json().review as OwnReview;
    expect(mine.photos).toHaveLength(4);
    expect(mine.photos[0]!.url).toMatch(/^\/uploads\/review-[a-f0-9]+\.webp$/);
    const removed = await shopper.inject({ method: 'DELETE', url: `/api/reviews/${review.id}/photos/${mine.photos[0]!.id}` });
    expect((removed.json() as OwnReview).photos).toHaveLength(3);
  });
});

describe('helpful votes', () => {
  it('count once per person, never on your own review, and need an account', async () => {
    const product = await addProduct(t.db);
    const author = await t.signIn();
    const review = (await postReview(author, product.id)).json() as OwnReview;
    const vote = (as: SignedIn) => as.inject({ method: 'POST', url: `/api/reviews/${review.id}/helpful` });
    const reader = await t.signIn();
    // not published yet: not there
    expect((await vote(reader)).statusCode).toBe(404);
    await publish(review.id);

    expect((await t.app.inject({ method: 'POST', url: `/api/reviews/${review.id}/helpful`, headers: { origin: 'http://localhost:80' } })).statusCode).toBe(401);
    expect((await vote(author)).statusCode).toBe(403);
    const first = await vote(reader);
    expect(first.json()).toEqual({ helpfulCount: 1 });
    expect((await vote(reader)).statusCode).toBe(409);
    const together = await Promise.all([vote(await t.signIn()), vote(await t.signIn())]);
    expect(together.map((res) => res.statusCode)).toEqual([200, 200]);
    const page = await readPage(product.id, '?sort=helpful', reader);
    expect(page.items[0]).toMatchObject({ helpfulCount: 3, votedHelpful: true, isOwn: false });
  });

  it('stuffing from one account meets 429', async () => {
    const product = await addProduct(t.db);
    const stuffer = await t.signIn();
    const statuses: number[] = [];
    for (let i = 0; i <= HELPFUL_VOTES_PER_HOUR; i += 1) {
      statuses.push((await stuffer.inject({ method: 'POST', url: `/api/reviews/999999/helpful` })).statusCode);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(product.id).toBeGreaterThan(0);
  });
});
