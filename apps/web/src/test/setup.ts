import { afterAll, afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';
import { i18n } from '@lingui/core';
import english from '../i18n/en.js';

// Components rendered without the shop's language provider read English, the spec's words.
i18n.load('en', Object.assign({}, ...english));
i18n.activate('en');

afterEach(() => {
  cleanup();
  // Absent in the few test files that run in plain Node (the lint walls).
  globalThis.localStorage?.clear();
});

// React-Bootstrap ends a modal's fade with a short fallback timer that is not cancelled on
// unmount; letting it fire before the file's jsdom is torn down keeps it from throwing
// "document is not defined" into the next file.
afterAll(() => new Promise((resolve) => setTimeout(resolve, 100)));
