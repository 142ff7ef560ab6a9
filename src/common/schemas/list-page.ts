import { z } from 'zod';
import { pageFields } from './admin-lists.ts';

/**
 * The lists the spec answers as plain arrays (products, brands, a customer's orders...) answer at most
 * this many items at once, as the admin lists do: ?page= and ?pageSize= (up to 200) walk the rest, the
 * total is in X-Total-Count and the neighbouring pages in a Link header. A search matching half of a
 * 5,000-product catalogue must not answer 2,500 products in one request (issue 35).
 */
const LIST_PAGE_SIZE = 100;

export const listPageFields = pageFields(LIST_PAGE_SIZE);

export const ListPageQuery = z.object(listPageFields);
