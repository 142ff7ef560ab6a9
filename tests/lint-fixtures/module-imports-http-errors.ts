// pretends to be src/server/modules/coupons/lint-fixture.ts (refused: a service throws domain errors) and
// src/server/modules/coupons/lint-fixture-routes.ts (allowed: a route file speaks HTTP)
import { badRequest } from '#server/http/errors.ts';
export const refuse = badRequest;
