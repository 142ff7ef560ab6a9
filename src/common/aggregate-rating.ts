// The product's JSON-LD (schema.org Product) carries this; the average and count are the product row's,
// over published reviews only (docs/decisions/025).

interface AggregateRating {
  '@type': 'AggregateRating';
  ratingValue: string;
  reviewCount: number;
  bestRating: '5';
  worstRating: '1';
}

/** schema.org's aggregateRating for a product, or null without a published review (a rating of 0 reviews is invalid there). */
export function aggregateRating(product: { ratingAverage: number | null; ratingCount: number }): AggregateRating | null {
  if (product.ratingAverage === null || product.ratingCount < 1) return null;
  return {
    '@type': 'AggregateRating',
    ratingValue: product.ratingAverage.toFixed(1),
    reviewCount: product.ratingCount,
    bestRating: '5',
    worstRating: '1',
  };
}
