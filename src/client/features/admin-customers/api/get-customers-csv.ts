import { ApiError, errorMessageOf } from '#client/lib/api-client.ts';

const CUSTOMERS_CSV_URL = '/api/users/customers.csv';

/** The customer export as the server wrote it, and how many customers it holds (X-Total-Count). */
export async function getCustomersCsv(): Promise<{ csv: string; count: number }> {
  const response = await fetch(CUSTOMERS_CSV_URL, { credentials: 'include', cache: 'no-store' });
  const text = await response.text();
  if (!response.ok) {
    const { message, body } = errorMessageOf(response.status, response.statusText, text, response.headers.get('content-type'));
    throw new ApiError(response.status, message, body);
  }
  const count = Number(response.headers.get('X-Total-Count'));
  return { csv: text, count: Number.isFinite(count) ? count : 0 };
}
