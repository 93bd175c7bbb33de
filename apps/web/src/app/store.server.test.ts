// @vitest-environment node
// Node, as in the server's render: there is no window and no animation frame.
import { SHOULD_AUTOBATCH } from '@reduxjs/toolkit';
import { expect, it } from 'vitest';
import { createStore } from './store.js';

it("tells its subscribers of RTK Query's batched actions in the same task on the server, which a render would otherwise wait 10 ms for (issue 33.1)", async () => {
  const store = createStore();
  // The API's middleware sets itself up on the first action, telling subscribers at once.
  store.dispatch({ type: 'test/first' });
  let told = 0;
  store.subscribe(() => (told += 1));
  store.dispatch({ type: 'test/batched', meta: { [SHOULD_AUTOBATCH]: true } });
  expect(told).toBe(0);
  await new Promise<void>((resolve) => queueMicrotask(resolve));
  expect(told).toBe(1);
});
