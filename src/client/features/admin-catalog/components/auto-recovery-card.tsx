import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Wand2 } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#client/components/ui/card.tsx';
import { toast } from '#client/components/ui/use-toast.ts';
import { invalidateCatalog } from '#client/lib/admin-cache.ts';
import { brokenImagesQueryOptions } from '../api/get-broken-images.ts';
import { potentialMatchesQueryOptions } from '../api/get-potential-matches.ts';
import { associateImage } from '../api/associate-image.ts';

interface RecoveryResult {
  restored: number;
  failed: number;
}

/**
 * Image-manager: scan for broken images, then give each product its best
 * potential match; one result toast reports how many were restored and how many failed.
 */
export function AutoRecoveryCard() {
  const queryClient = useQueryClient();
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<RecoveryResult | null>(null);

  async function recover() {
    setRunning(true);
    setResult(null);
    try {
      let broken;
      try {
        broken = await queryClient.fetchQuery({ ...brokenImagesQueryOptions(), staleTime: 0 });
      } catch (error) {
        toast({ title: 'Error checking for broken images', description: (error as Error).message, variant: 'destructive' });
        return;
      }
      const outcome: RecoveryResult = { restored: 0, failed: 0 };
      // one at a time: each best match becomes used, so the next product must not be offered the same file
      for (const product of broken) {
        try {
          const { potentialMatches } = await queryClient.fetchQuery(potentialMatchesQueryOptions(product.id));
          const best = potentialMatches[0];
          if (!best) {
            outcome.failed += 1;
            continue;
          }
          await associateImage({ productId: product.id, filename: best.filename });
          outcome.restored += 1;
        } catch {
          outcome.failed += 1;
        }
      }
      setResult(outcome);
      toast({
        title: broken.length === 0 ? 'No broken images found' : 'Image recovery finished',
        description: `${outcome.restored} restored, ${outcome.failed} failed.`,
      });
      void queryClient.invalidateQueries({ queryKey: brokenImagesQueryOptions().queryKey });
      void invalidateCatalog(queryClient);
    } catch (error) {
      toast({ title: 'Auto-repair failed', description: (error as Error).message, variant: 'destructive' });
    } finally {
      setRunning(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">Automatic Recovery</CardTitle>
        <CardDescription>Finds products whose image is missing or unreadable and links each one to the best matching uploaded file.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        <div>
          <Button onClick={recover} disabled={running}>
            <Wand2 className="h-4 w-4" aria-hidden="true" />
            {running ? 'Repairing…' : 'Auto-Repair Images'}
          </Button>
        </div>
        {result ? (
          <p role="status" className="text-sm text-gray-700">
            Restored {result.restored}, failed {result.failed}.
          </p>
        ) : null}
      </CardContent>
    </Card>
  );
}
