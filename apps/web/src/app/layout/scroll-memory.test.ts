import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  entryKey,
  persistScroll,
  rememberScroll,
  rememberedScroll,
  restoreScroll,
} from './scroll-memory.js';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('scroll memory (issue 10.8)', () => {
  it('remembers the position of each history entry and keeps it in sessionStorage', () => {
    rememberScroll('entry-a', 1200);
    rememberScroll('entry-b', 40);
    rememberScroll('entry-a', 1350);
    persistScroll();
    expect(rememberedScroll('entry-a')).toBe(1350);
    expect(rememberedScroll('entry-b')).toBe(40);
    expect(rememberedScroll('never-seen')).toBeUndefined();
    expect(JSON.parse(sessionStorage.getItem('scroll-positions') ?? '[]')).toEqual(
      expect.arrayContaining([
        ['entry-b', 40],
        ['entry-a', 1350],
      ]),
    );
  });

  it('gives an entry opened by a full load a key of its own, kept in its history state', () => {
    window.history.replaceState({ idx: 0 }, '');
    const key = entryKey();
    expect(key).not.toBe('default');
    expect(window.history.state).toEqual({ idx: 0, key });
    expect(entryKey()).toBe(key);
  });

  it('waits for the page to grow tall enough before it scrolls all the way back', () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => {
      frames.push(callback);
      return frames.length;
    });
    vi.stubGlobal('cancelAnimationFrame', () => undefined);
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    let pageHeight = 900;
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockImplementation(() => pageHeight);
    vi.stubGlobal('innerHeight', 700);

    restoreScroll(1500);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 200, left: 0, behavior: 'instant' });
    pageHeight = 3000;
    frames.shift()?.(0);
    expect(scrollTo).toHaveBeenLastCalledWith({ top: 1500, left: 0, behavior: 'instant' });
    expect(frames).toHaveLength(0);
  });

  it('gives way when the shopper scrolls first', () => {
    const cancel = vi.fn();
    vi.stubGlobal('requestAnimationFrame', () => 7);
    vi.stubGlobal('cancelAnimationFrame', cancel);
    vi.stubGlobal('scrollTo', vi.fn());
    vi.spyOn(document.documentElement, 'scrollHeight', 'get').mockReturnValue(100);
    restoreScroll(5000);
    window.dispatchEvent(new Event('wheel'));
    expect(cancel).toHaveBeenCalledWith(7);
  });
});
