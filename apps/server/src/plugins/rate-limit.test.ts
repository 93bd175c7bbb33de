import { describe, expect, it } from 'vitest';
import { MAX_SLOW_DOWN_MS, rateLimitPolicies, slowDownMs } from './rate-limit.js';

describe('login slow-down', () => {
  const { max } = rateLimitPolicies['login-account'];

  it('slows an account down from its tenth failure, doubling up to a ceiling (issue 10.22)', () => {
    expect(slowDownMs(0, max)).toBe(0);
    expect(slowDownMs(max - 1, max)).toBe(0);
    expect(slowDownMs(max, max)).toBe(250);
    expect(slowDownMs(max + 1, max)).toBe(500);
    expect(slowDownMs(max + 2, max)).toBe(1000);
    expect(slowDownMs(max + 100, max)).toBe(MAX_SLOW_DOWN_MS);
  });

  it('never refuses an account, only its address pairs and addresses (issue 10.22)', () => {
    expect(rateLimitPolicies['login-account']).toMatchObject({
      counts: 'failures',
      slowDown: true,
    });
    expect(rateLimitPolicies['login-pair']).toMatchObject({ counts: 'failures', max: 10 });
    expect(rateLimitPolicies['login-ip']).toMatchObject({ counts: 'failures' });
  });
});
