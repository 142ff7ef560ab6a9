import { z } from 'zod';

/** One problem with the input: the field's dotted path ("" for the whole body) and what is wrong. */
export const ApiIssue = z.object({ path: z.string(), message: z.string() });
export type ApiIssue = z.infer<typeof ApiIssue>;

/** Every error answer of the API: the message to show, and the issues when input was refused. */
export const ApiErrorBody = z.object({ message: z.string(), issues: z.array(ApiIssue).optional() });
export type ApiErrorBody = z.infer<typeof ApiErrorBody>;
