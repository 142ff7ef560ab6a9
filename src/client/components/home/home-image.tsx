import { ProductImage } from '#client/components/ui/product-image.tsx';

/**
 * A picture in a home page section (a category tile, a grid's product), sized (no layout shift) and lazy below the
 * fold; the first section's first picture is the page's largest candidate and is asked for eagerly at high
 * priority. Decorative (the tile names its link), and like every catalogue image a broken one is retried once
 * and then drawn as "Image unavailable": a tile is never left blank.
 */
export function HomeImage(props: { src: string | null; width: number; height: number; sizes: string; priority: boolean; className?: string }) {
  return <ProductImage {...props} alt="" emptyText="No image" />;
}
