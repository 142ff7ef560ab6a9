// pretends to be src/server/http/lint-fixture.ts
import { findSessionUser } from '#server/modules/accounts/session-service.ts';
export const find = findSessionUser;
