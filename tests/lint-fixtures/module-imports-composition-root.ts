// pretends to be src/server/modules/orders/lint-fixture.ts
import type { AppServices } from '#server/services.ts';
export type HandedMail = AppServices['mail'];
