import type { Product } from '#common/schemas/catalog.ts';

/** The product form as typed: text fields, a date (yyyy-mm-dd) and the featured flag. */
export interface ProductFormValues {
  name: string;
  price: string;
  brandId: string;
  stock: string;
  sku: string;
  description: string;
  thickness: string;
  color: string;
  releaseDate: string;
  isFeatured: boolean;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  price: '',
  brandId: '',
  stock: '0',
  sku: '',
  description: '',
  thickness: '',
  color: '',
  releaseDate: '',
  isFeatured: false,
};

export function productFormValues(product: Product): ProductFormValues {
  return {
    name: product.name,
    price: product.price,
    brandId: product.brandId ? String(product.brandId) : '',
    stock: String(product.stock),
    sku: product.sku ?? '',
    description: product.description ?? '',
    thickness: product.thickness ?? '',
    color: product.color ?? '',
    // the API sends release dates as midnight UTC
    releaseDate: product.releaseDate ? product.releaseDate.slice(0, 10) : '',
    isFeatured: product.isFeatured,
  };
}

/**
 * The fields as the API takes them: text, the release date as an ISO date-time. An edit also
 * sends `stockWas`, the stock the form loaded, so the server refuses (409) a stock change made
 * on top of a sale that happened meanwhile, and keeps the sold-down stock when stock was left alone.
 */
export function productPayload(values: ProductFormValues, loadedStock?: number): Record<string, string> {
  return {
    ...(loadedStock !== undefined && { stockWas: String(loadedStock) }),
    name: values.name,
    price: values.price.trim(),
    brandId: values.brandId,
    stock: values.stock.trim(),
    sku: values.sku,
    description: values.description,
    thickness: values.thickness,
    color: values.color,
    releaseDate: values.releaseDate ? `${values.releaseDate}T00:00:00.000Z` : '',
    isFeatured: String(values.isFeatured),
  };
}
