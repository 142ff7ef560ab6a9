// pretends to be src/server/db/lint-fixture.ts
import { storeRenderedImage } from '#server/modules/media/media-service.ts';
export const store = storeRenderedImage;
