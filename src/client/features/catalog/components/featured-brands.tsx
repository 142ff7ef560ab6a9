import { Link } from 'wouter';
import type { Brand } from '#common/schemas/catalog.ts';
import { brandPath } from '#common/slug.ts';
import { ProductImage } from '#client/components/ui/product-image.tsx';

/** Home: 2, 3 or 4 columns by width; descriptions hidden on mobile. */
export function FeaturedBrands({ brands }: { brands: Brand[] }) {
  if (brands.length === 0) return null;
  return (
    <section aria-labelledby="featured-brands" className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
      <h2 id="featured-brands" className="text-2xl font-bold tracking-tight text-gray-900 md:text-3xl">
        Featured Brands
      </h2>
      <ul className="mt-6 grid grid-cols-2 gap-4 sm:gap-6 md:grid-cols-3 lg:grid-cols-4">
        {brands.map((brand) => (
          <li key={brand.id}>
            <Link
              href={brandPath(brand)}
              className="group flex h-full flex-col overflow-hidden rounded-lg border border-gray-200 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md"
            >
              <ProductImage
                src={brand.imageUrl}
                alt=""
                width={400}
                height={300}
                sizes="(max-width: 767px) 50vw, (max-width: 1023px) 33vw, 25vw"
                fit="contain"
                className="aspect-[4/3] w-full bg-gray-50 p-4"
              />
              <div className="flex flex-1 flex-col gap-1 border-t border-gray-100 p-4">
                <h3 className="font-semibold text-gray-900 group-hover:text-link">{brand.name}</h3>
                {brand.description ? <p className="hidden text-sm text-gray-600 md:line-clamp-3">{brand.description}</p> : null}
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
