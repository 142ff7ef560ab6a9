import { z } from 'zod';

/** What a delete answers: the id that is gone. */
export const Deleted = z.object({ id: z.number().int(), deleted: z.literal(true) });
export type Deleted = z.infer<typeof Deleted>;

/** A product that appears in order history is hidden instead of deleted (softDeleted). */
export const ProductDeleted = Deleted.extend({ softDeleted: z.boolean() });
export type ProductDeleted = z.infer<typeof ProductDeleted>;
