import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy and waitFor wait up to 3 s (1 s by default): on a busy 2-core machine a page's few renders can take longer
configure({ asyncUtilTimeout: 3000 });

// Testing Library cleans up by itself only where test globals are on; here they are not.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
