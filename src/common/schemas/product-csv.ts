import { z } from 'zod';

// The product CSV import's answer (docs/product-csv.md): what the file would do, or did.

export const CsvImportQuery = z.object({
  /** 1: write when nothing is wrong; absent or 0: a preview that writes nothing */
  commit: z.enum(['0', '1'], { error: 'commit must be 0 or 1' }).optional(),
});

export const CsvImportError = z.object({
  /** the file's row, the header being row 1 */
  row: z.number().int(),
  column: z.string(),
  message: z.string(),
});
export type CsvImportError = z.infer<typeof CsvImportError>;

export const CsvImportResult = z.object({
  products: z.number().int(),
  variants: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  unchanged: z.number().int(),
  /** an error found by the check means nothing was written; at most 200 are listed */
  errors: z.array(CsvImportError),
  /** true when the commit wrote every product */
  committed: z.boolean(),
  /**
   * Only on a commit that stopped part-way (a product changed or deleted after the check): the
   * products written before it stopped. Rows up to `throughRow` are in the shop as the file says;
   * from the next row on nothing was written.
   */
  written: z.object({ products: z.number().int(), throughRow: z.number().int() }).optional(),
});
export type CsvImportResult = z.infer<typeof CsvImportResult>;
