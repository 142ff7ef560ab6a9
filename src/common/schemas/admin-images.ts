import { z } from 'zod';
import { fromDecimalText } from './whole-number.ts';
import { MAX_INT } from './admin-fields.ts';

export const BrokenImage = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string().nullable() });
export type BrokenImage = z.infer<typeof BrokenImage>;

export const BrokenImageList = z.object({ brokenImages: z.array(BrokenImage) });
export type BrokenImageList = z.infer<typeof BrokenImageList>;

export const PotentialMatches = z.object({
  product: z.object({ id: z.number().int(), name: z.string(), sku: z.string().nullable(), imageUrl: z.string().nullable() }),
  potentialMatches: z.array(z.object({ filename: z.string() })),
});
export type PotentialMatches = z.infer<typeof PotentialMatches>;

/** Only plain names of files the upload store wrote: never a path (the server's stores and /uploads/* route use it too). */
export const UPLOAD_FILE_NAME = /^[a-z0-9-]+\.webp$/;

export const AssociateImageInput = z.object({
  productId: fromDecimalText(
    z
      .number({ error: 'productId must be a positive integer' })
      .int('productId must be a positive integer')
      .positive('productId must be a positive integer')
      .max(MAX_INT, 'productId must be a positive integer'),
  ),
  filename: z
    .string({ error: 'filename is required' })
    .trim()
    .min(1, 'filename is required')
    .regex(UPLOAD_FILE_NAME, 'filename must be the plain name of an uploaded .webp file'),
});
export type AssociateImageInput = z.infer<typeof AssociateImageInput>;

export const AssociateImageResult = z.object({ id: z.number().int(), name: z.string(), imageUrl: z.string() });
export type AssociateImageResult = z.infer<typeof AssociateImageResult>;
