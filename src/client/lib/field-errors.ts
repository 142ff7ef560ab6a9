import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '#client/lib/api-client.ts';

/** One message per form field: the first issue whose path starts with that field. */
type FieldErrors = Partial<Record<string, string>>;

/** The server's issues (`{ path: "price", message }`) placed under the same fields as the client's. */
export function serverFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const issue of error.issues) {
    const field = issue.path.split('.')[0] ?? '';
    if (errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/** Puts the server's field issues on a react-hook-form form, under the fields the client checks too. */
export function showServerErrors<Values extends FieldValues>(setError: UseFormSetError<Values>, error: unknown): void {
  for (const [field, message] of Object.entries(serverFieldErrors(error))) setError(field as Path<Values>, { message });
}

/** The server's refusal when it names no field (the shop unreachable, an account locked): shown above the form. */
export function formLevelError(error: Error | null): string | null {
  return error && Object.keys(serverFieldErrors(error)).length === 0 ? error.message : null;
}
