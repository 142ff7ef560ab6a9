// pretends to be src/server/db/lint-fixture.ts
import { storeRenderedImage } from '#server/modules/media/image-store.ts';
export const store = storeRenderedImage;
