import type { z } from 'zod';
import { badRequest, issuesOf } from '#server/http/errors.ts';

/**
 * Like parseInput, but the message is the first issue's own text: the spec's pages show it as is
 * ("Customer name and email are required", "Please enter a valid email address").
 */
export function parseWithFirstMessage<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const issues = issuesOf(result.error);
  throw badRequest(issues[0]?.message ?? 'Invalid input', issues);
}
