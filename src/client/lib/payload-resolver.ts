import type { FieldValues, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';

/**
 * A react-hook-form resolver that checks the form's values with the shared schema as the API will
 * receive them (dates as ISO instants, numbers as text): the payload keeps the form's field names,
 * so every message lands under its field.
 */
export function payloadResolver<Values extends FieldValues, Schema extends z.ZodType<unknown, FieldValues>>(
  schema: Schema,
  toPayload: (values: Values) => unknown,
): Resolver<Values, unknown, z.output<Schema>> {
  const check = zodResolver(schema) as unknown as Resolver<z.input<Schema>, unknown, z.output<Schema>>;
  return (values, context, options) =>
    check(toPayload(values) as z.input<Schema>, context, options as never) as ReturnType<Resolver<Values, unknown, z.output<Schema>>>;
}
