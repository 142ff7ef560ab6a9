// pretends to be src/client/lib/lint-fixture.ts
import { loadConfig } from '#server/config.ts';
export const config = loadConfig;
