import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

afterEach(() => {
  cleanup();
  globalThis.sessionStorage?.clear();
  globalThis.localStorage?.clear();
});

// React-Bootstrap ends a modal's fade with a fallback timer that outlives the test's unmount.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
