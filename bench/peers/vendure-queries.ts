// The Shop API documents the load sends to Vendure, chosen to ask for what our answers hold.

/** The product page: names, description, images, facets (brand, type), option groups and every variant with price and stock. */
export const PRODUCT_QUERY = `query Product($id: ID!) {
  product(id: $id) {
    id name slug description
    featuredAsset { preview } assets { preview }
    facetValues { id name facet { id name } }
    optionGroups { id name options { id name } }
    variants { id sku name priceWithTax currencyCode stockLevel options { id name groupId } }
  }
}`;

/**
 * A page of the listing: 24 products with price range and stock, the total and the facet counts, as our
 * /api/catalog answers (Vendure's storefronts list a collection or a search through this query).
 */
const SEARCH_FIELDS = `totalItems
    items { productId productName slug description productAsset { preview } priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } inStock }
    facetValues { count facetValue { id name facet { id name } } }`;
const FACET_COUNTS = 'facetValues { count facetValue { id name facet { id name } } }';

export const SEARCH_QUERY = `query Search($input: SearchInput!) {
  search(input: $input) {
    ${SEARCH_FIELDS}
  }
}`;

/**
 * The faceted listing with its counts as the shop takes them (decision 019): a chosen facet's values
 * counted under the OTHER facets' filters, the categories (types) under the brands alone. Vendure
 * counts under every filter of its search, so it takes one search per chosen facet, all in one request.
 */
export const DISJUNCTIVE_SEARCH_QUERY = `query FacetedListing($input: SearchInput!, $brands: SearchInput!, $material: SearchInput!, $types: SearchInput!) {
  search(input: $input) {
    ${SEARCH_FIELDS}
  }
  brands: search(input: $brands) { ${FACET_COUNTS} }
  material: search(input: $material) { ${FACET_COUNTS} }
  types: search(input: $types) { ${FACET_COUNTS} }
}`;

/** Every facet and its values' ids: the faceted listing names its values by id. */
export const FACETS_QUERY = `query Facets {
  facets(options: { take: 100 }) { totalItems items { name values { id name } } }
}`;

/** Without a bearer token every request opens an anonymous session and a new order. */
export const ADD_TO_CART_MUTATION = `mutation AddItemToOrder($id: ID!) {
  addItemToOrder(productVariantId: $id, quantity: 1) {
    __typename
    ... on Order { id code totalQuantity totalWithTax lines { id quantity unitPriceWithTax } }
    ... on ErrorResult { errorCode message }
  }
}`;

export function graphql(query: string, variables: Record<string, unknown>) {
  return { method: 'POST' as const, path: '/shop-api', body: { query, variables } };
}
