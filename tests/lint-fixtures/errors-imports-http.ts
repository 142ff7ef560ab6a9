// pretends to be src/server/errors/lint-fixture.ts
import { HttpError } from '#server/http/errors.ts';
export const Refusal = HttpError;
