import { z } from 'zod';

// A product's video as the catalog keeps it (decision 068); the address rules are in ../product-video.ts.

const VIDEO_PROVIDERS = ['youtube', 'vimeo'] as const;

export const ProductVideo = z.object({ provider: z.enum(VIDEO_PROVIDERS), id: z.string() });
export type ProductVideo = z.infer<typeof ProductVideo>;
