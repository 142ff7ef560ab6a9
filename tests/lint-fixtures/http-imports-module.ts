// pretends to be src/server/http/lint-fixture.ts
import { findSessionUser } from '#server/modules/accounts/sessions.ts';
export const find = findSessionUser;
