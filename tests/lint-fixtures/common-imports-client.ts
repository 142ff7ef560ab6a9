// pretends to be src/common/lint-fixture.ts
import { cn } from '#client/lib/cn.ts';
export const join = cn;
