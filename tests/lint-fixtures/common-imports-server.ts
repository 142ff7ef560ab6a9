// pretends to be src/common/lint-fixture.ts
import { BODY_LIMIT } from '#server/app.ts';
export const limit = BODY_LIMIT;
