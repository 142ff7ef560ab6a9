// pretends to be src/client/components/ui/lint-fixture.ts
import { cn } from '#client/lib/cn.ts';
import * as app from '#client/app/router.tsx';
export const both = [cn, app];
