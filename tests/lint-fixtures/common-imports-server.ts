// pretends to be src/common/lint-fixture.ts
import { buildApp } from '#server/app.ts';
export const build = buildApp;
