import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import type { BrokenImage, PotentialMatches } from '#common/schemas/admin-images.ts';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { Spinner } from '#client/components/ui/spinner.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { brokenImagesQueryOptions, useBrokenImages } from '../api/get-broken-images.ts';
import { potentialMatchesQueryOptions } from '../api/get-potential-matches.ts';
import { useAssociateImage } from '../api/associate-image.ts';

/** Image-manager: list broken images, fetch one product's matches, associate one. */
export function ManualImageScan() {
  const queryClient = useQueryClient();
  const broken = useBrokenImages();
  const associate = useAssociateImage();
  const [matches, setMatches] = useState<PotentialMatches | null>(null);
  const [loadingMatchesFor, setLoadingMatchesFor] = useState<number | null>(null);

  async function scan() {
    setMatches(null);
    const result = await broken.refetch();
    if (result.isError) toast({ title: 'Failed to scan for broken images', description: result.error.message, variant: 'destructive' });
    else toast({ title: 'Scan complete', description: `${result.data?.length ?? 0} broken image(s) found.` });
  }

  async function findMatches(product: BrokenImage) {
    setLoadingMatchesFor(product.id);
    try {
      const found = await queryClient.fetchQuery(potentialMatchesQueryOptions(product.id));
      if (found.potentialMatches.length === 0) {
        setMatches(null);
        toast({ title: 'No potential image matches found', description: `No unused uploaded file resembles “${product.name}”.` });
      } else {
        setMatches(found);
      }
    } catch (error) {
      toast({ title: 'Image recovery failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setLoadingMatchesFor(null);
    }
  }

  function choose(productId: number, filename: string) {
    associate.mutate(
      { productId, filename },
      {
        onSuccess: (product) => {
          setMatches(null);
          toast({ title: 'Image restored', description: `${product.name} now shows ${filename}.` });
          void queryClient.fetchQuery({ ...brokenImagesQueryOptions(), staleTime: 0 });
        },
        onError: (error) => toast({ title: 'Image recovery failed', description: error.message, variant: 'destructive' }),
      },
    );
  }

  const list = broken.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Manual Scan</CardTitle>
        <CardDescription>List the products with a broken image and pick a file for each yourself.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-4">
        <div>
          <Button variant="outline" onClick={scan} disabled={broken.isFetching}>
            <Search className="h-4 w-4" aria-hidden="true" />
            {broken.isFetching ? 'Scanning…' : 'Scan for Broken Images'}
          </Button>
        </div>
        {broken.isFetching && !list ? <Spinner label="Scanning images" /> : null}
        {list && list.length === 0 ? <p className="text-sm text-gray-700">No broken images found.</p> : null}
        {list && list.length > 0 ? (
          <div className="relative -mx-2 overflow-x-auto">
            {/* relative: the sr-only caption and header cells are placed inside this scroll box, not past the page edge */}
            <table className="w-full min-w-[32rem] text-left text-sm">
              <caption className="sr-only">Products with a broken image</caption>
              <thead className="border-b border-gray-200 text-gray-600">
                <tr>
                  <th scope="col" className="px-2 py-2 font-medium">
                    ID
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Name
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    Image URL
                  </th>
                  <th scope="col" className="px-2 py-2 font-medium">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {list.map((product) => (
                  <tr key={product.id}>
                    <td className="px-2 py-2">{product.id}</td>
                    <td className="px-2 py-2 font-medium text-gray-900">{product.name}</td>
                    <td className="px-2 py-2 font-mono text-xs break-all text-gray-600">{product.imageUrl ?? '(none)'}</td>
                    <td className="px-2 py-2 text-right">
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => findMatches(product)}
                        disabled={loadingMatchesFor === product.id}
                        aria-label={`Find images for ${product.name}`}
                      >
                        {loadingMatchesFor === product.id ? 'Searching…' : 'Find Images'}
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {matches ? (
          <section aria-labelledby="potential-matches-heading" className="rounded-md border border-gray-200 p-4">
            <h4 id="potential-matches-heading" className="font-semibold text-gray-900">
              Potential matches for {matches.product.name}
            </h4>
            <ul className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
              {matches.potentialMatches.map((match) => (
                <li key={match.filename} className="flex items-center gap-3 rounded-md border border-gray-200 p-2">
                  <img src={`/uploads/${match.filename}`} alt="" width={56} height={56} className="h-14 w-14 rounded object-cover" />
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-mono text-xs text-gray-700" title={match.filename}>
                      {match.filename}
                    </p>
                    <Button size="sm" className="mt-1" disabled={associate.isPending} onClick={() => choose(matches.product.id, match.filename)}>
                      Use this image
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}
