import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CatalogItem } from '#common/schemas/catalog-listing.ts';
import type { ProductTypeWithValues } from '#common/schemas/catalog-model.ts';
import type { HomeLayout, HomeLayoutInput, HomeSection, HomeView } from '#common/schemas/home.ts';
import { toast } from '#client/components/ui/use-toast.ts';
import { apiRequest, getJson, withQuery } from '#client/lib/api-client.ts';

const LAYOUT_URL = '/api/admin/home';

/** The sections as saved, with the version a save names. */
export function useHomeLayout() {
  return useQuery({ queryKey: [LAYOUT_URL], queryFn: ({ signal }) => getJson<HomeLayout>(LAYOUT_URL, { signal }) });
}

/** Saves the whole list; the storefront's own read is refreshed so the shop shows it at once. */
export function useSaveHome() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HomeLayoutInput) => apiRequest<HomeLayout>('PUT', LAYOUT_URL, input),
    onSuccess: (saved) => {
      queryClient.setQueryData([LAYOUT_URL], saved);
      void queryClient.invalidateQueries({ queryKey: ['/api/home'] });
      toast({ title: 'Home page saved' });
    },
  });
}

/** The draft resolved as the storefront would show it; nothing is saved. */
export function usePreviewHome() {
  return useMutation({ mutationFn: (sections: HomeSection[]) => apiRequest<HomeView>('POST', `${LAYOUT_URL}/preview`, { sections }) });
}

/** The product types a grid or the tiles may name. */
export function useProductTypes() {
  return useQuery({
    queryKey: ['/api/product-types', 'home'],
    queryFn: ({ signal }) => getJson<ProductTypeWithValues[]>(withQuery('/api/product-types', { pageSize: 200 }), { signal }),
  });
}

/** Products matching what the owner typed, to hand-pick into a grid. */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['/api/products', 'home-pick', search],
    queryFn: ({ signal }) => getJson<CatalogItem[]>(withQuery('/api/products', { search, pageSize: 10 }), { signal }),
    enabled: search.trim().length >= 2,
  });
}
