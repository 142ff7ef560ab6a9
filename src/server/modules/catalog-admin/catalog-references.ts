import type { Database, Transaction } from '#server/db/client.ts';

// Other modules name catalogue records by their keys and labels (the paddle finder's rules say
// "paddles", "f.shape", "o.core_thickness" = "16 mm"). The catalogue's admin cannot import them (they
// build on the catalogue), so the composition root hands it these two questions (services.ts).

/** A catalogue record as other modules name it. */
export type CatalogName =
  | { kind: 'type'; slug: string; name: string }
  | { kind: 'attribute'; typeSlug: string; key: string; name: string }
  | { kind: 'axis'; key: string; name: string }
  | { kind: 'option-value'; axisKey: string; label: string };

export interface CatalogReferences {
  /** Where outside the catalogue this record is named, one sentence each; none: it can go. */
  namedBy(db: Database | Transaction, name: CatalogName): Promise<string[]>;
  /** An option value's label changed: whoever names the old label follows, in the same transaction. */
  optionValueRenamed(tx: Transaction, axisKey: string, from: string, to: string): Promise<void>;
}
