import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BrokenImage, BrokenImageList } from '#common/schemas/admin-images.ts';
import { getJson } from '#client/lib/api-client.ts';

const BROKEN_IMAGES_URL = '/api/image-manager/broken-images';

const getBrokenImages = async (): Promise<BrokenImage[]> => (await getJson<BrokenImageList>(BROKEN_IMAGES_URL)).brokenImages;

/** Run on demand (scan buttons), not when the tab opens: each scan reads every image file's header. */
export const brokenImagesQueryOptions = () => queryOptions({ queryKey: [BROKEN_IMAGES_URL], queryFn: getBrokenImages, enabled: false });

export function useBrokenImages() {
  return useQuery(brokenImagesQueryOptions());
}
