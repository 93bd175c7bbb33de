import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.js';

describe('configuration', () => {
  it('has defaults that start the shop on the embedded database', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(5000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir.endsWith('/data')).toBe(true);
    expect(env.SEED_ON_START).toBe(true);
    expect(env.CORS_ORIGINS).toEqual([]);
  });

  it('stops with a message naming the variable when a value is bad', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must be a postgres/,
    );
    expect(() => loadEnv({ CORS_ORIGINS: 'https://ok.no, not a url' })).toThrow(/CORS_ORIGINS/);
    expect(() => loadEnv({ SEED_ON_START: 'maybe' })).toThrow(
      /SEED_ON_START: must be true or false/,
    );
  });

  it('(issue 14) refuses the retired SHOP_EMAIL, saying where the enquiry address is set now', () => {
    expect(() => loadEnv({ SHOP_EMAIL: 'post@nordictrading.no' })).toThrow(
      /SHOP_EMAIL: is no longer read\. Remove it, then set the cleaning enquiry address in the back office/,
    );
  });

  it('refuses the crash hook in production (issue 10.19)', () => {
    expect(loadEnv({ TEST_CRASH_AFTER_ORDER_STORED: 'true' }).TEST_CRASH_AFTER_ORDER_STORED).toBe(
      true,
    );
    expect(() =>
      loadEnv({ TEST_CRASH_AFTER_ORDER_STORED: 'true', NODE_ENV: 'production' }),
    ).toThrow(/TEST_CRASH_AFTER_ORDER_STORED: is for tests and is refused in production/);
  });

  it('(issue 14) takes the movable test clock only under NODE_ENV=test', () => {
    expect(loadEnv({}).TEST_CLOCK).toBe(false);
    expect(loadEnv({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).TEST_CLOCK).toBe(true);
    for (const mode of ['production', 'development'])
      expect(() =>
        loadEnv({
          TEST_CLOCK: 'true',
          NODE_ENV: mode,
          PUBLIC_URL: 'http://localhost:5000',
        }),
      ).toThrow(/TEST_CLOCK: is for tests \(NODE_ENV=test\) and is refused otherwise/);
  });

  it('refuses test payments on a public address unless they are allowed by name (issue 17.3)', () => {
    expect(() => loadEnv({ PUBLIC_URL: 'https://shop.example.no' })).toThrow(
      /ALLOW_TEST_PAYMENTS: must be true to take test payments on the public address https:\/\/shop\.example\.no/,
    );
    expect(
      loadEnv({ PUBLIC_URL: 'https://shop.example.no', ALLOW_TEST_PAYMENTS: 'true' })
        .ALLOW_TEST_PAYMENTS,
    ).toBe(true);
    for (const local of ['http://localhost:5000', 'http://127.0.0.1:5055', 'http://[::1]:5000'])
      expect(loadEnv({ PUBLIC_URL: local }).PAYMENT_PROVIDER).toBe('test');
    expect(
      loadEnv({
        PUBLIC_URL: 'https://shop.example.no',
        PAYMENT_PROVIDER: 'nets',
        NETS_SECRET_KEY: 'secret',
        NETS_CHECKOUT_KEY: 'checkout',
        NETS_WEBHOOK_SECRET: 'webhook1234',
      }).PAYMENT_PROVIDER,
    ).toBe('nets');
  });

  it('issue 32.1: takes Vipps MobilePay with all its keys or none, naming what is missing', () => {
    const keys = {
      VIPPS_CLIENT_ID: 'client',
      VIPPS_CLIENT_SECRET: 'secret',
      VIPPS_SUBSCRIPTION_KEY: 'subscription',
      VIPPS_MERCHANT_SERIAL_NUMBER: '123456',
      VIPPS_WEBHOOK_SECRET: 'webhook-secret',
    };
    const env = loadEnv(keys);
    expect(env.VIPPS_CLIENT_ID).toBe('client');
    expect(env.VIPPS_ENVIRONMENT).toBe('test');
    expect(loadEnv({ ...keys, VIPPS_ENVIRONMENT: 'live' }).VIPPS_ENVIRONMENT).toBe('live');
    expect(() => loadEnv({ VIPPS_CLIENT_ID: 'client' })).toThrow(
      /VIPPS_CLIENT_SECRET: must be set to take Vipps MobilePay \(VIPPS_CLIENT_ID is set\)[\s\S]*VIPPS_WEBHOOK_SECRET: must be set/,
    );
    expect(() => loadEnv({ ...keys, VIPPS_ENVIRONMENT: 'prod' })).toThrow(
      /VIPPS_ENVIRONMENT: must be test or live/,
    );
    expect(() => loadEnv({ ...keys, VIPPS_MERCHANT_SERIAL_NUMBER: 'MSN1' })).toThrow(
      /VIPPS_MERCHANT_SERIAL_NUMBER: must be the merchant serial number, 5 to 7 digits/,
    );
  });

  it('resolves a relative DATA_DIR from where the npm command was typed', () => {
    expect(loadEnv({ INIT_CWD: '/srv/shop', DATA_DIR: './data' }).dataDir).toBe('/srv/shop/data');
    expect(loadEnv({ INIT_CWD: '/srv/shop', DATA_DIR: '/var/shop' }).dataDir).toBe('/var/shop');
  });

  it('parses lists and flags', () => {
    const env = loadEnv({ CORS_ORIGINS: 'https://a.no, https://b.no', SEED_ON_START: 'false' });
    expect(env.CORS_ORIGINS).toEqual(['https://a.no', 'https://b.no']);
    expect(env.SEED_ON_START).toBe(false);
  });

  it('checks the account and mail settings', () => {
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow(/JWT_SECRET: must be at least 32/);
    expect(() => loadEnv({ REDIS_URL: 'localhost:6379' })).toThrow(/REDIS_URL/);
    expect(() => loadEnv({ SMTP_URL: 'mail.example.no' })).toThrow(/SMTP_URL/);
    expect(() => loadEnv({ GOOGLE_ISSUER: 'not a url' })).toThrow(/GOOGLE_ISSUER/);
  });

  it('shows the development mailbox only outside production while mail goes to files', () => {
    expect(loadEnv({ NODE_ENV: 'development' }).devMailbox).toBe(true);
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:5000' } as const;
    expect(loadEnv(production).devMailbox).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development', SMTP_URL: 'smtp://mail:25' }).devMailbox).toBe(false);
    expect(loadEnv({ ...production, DEV_MAILBOX: 'true' }).devMailbox).toBe(true);
  });

  it('takes a read replica only beside a PostgreSQL primary (issue 16)', () => {
    expect(() => loadEnv({ DATABASE_READ_URL: 'postgres://replica/shop' })).toThrow(
      /DATABASE_READ_URL: is a read replica of DATABASE_URL; set DATABASE_URL too/,
    );
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgres://primary/shop', DATABASE_READ_URL: 'mysql://x' }),
    ).toThrow(/DATABASE_READ_URL: must be a postgres/);
    const env = loadEnv({
      DATABASE_URL: 'postgres://primary/shop',
      DATABASE_READ_URL: 'postgres://replica/shop',
    });
    expect(env.DATABASE_READ_URL).toBe('postgres://replica/shop');
  });

  it('drains for 5 s on SIGTERM in production and not elsewhere, unless told (issue 16)', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:5000' } as const;
    expect(loadEnv(production).shutdownDrainSeconds).toBe(5);
    expect(loadEnv({ NODE_ENV: 'development' }).shutdownDrainSeconds).toBe(0);
    expect(loadEnv({ ...production, SHUTDOWN_DRAIN_SECONDS: '0.5' }).shutdownDrainSeconds).toBe(
      0.5,
    );
    expect(() => loadEnv({ SHUTDOWN_DRAIN_SECONDS: '-1' })).toThrow(/SHUTDOWN_DRAIN_SECONDS/);
  });

  it('stops a production start whose PUBLIC_URL is not given, naming it (issue 11)', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /PUBLIC_URL: must be set in production/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', PUBLIC_URL: '' })).toThrow(/PUBLIC_URL/);
    expect(loadEnv({ NODE_ENV: 'development' }).PUBLIC_URL).toBe('http://localhost:5000');
    expect(
      loadEnv({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:5000' }).PUBLIC_URL,
    ).toBe('http://localhost:5000');
  });

  it('stops a production start on Nexi whose API and checkout script URLs are not chosen, naming each (issue 11)', () => {
    const nets = {
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://shop.example.no',
      PAYMENT_PROVIDER: 'nets',
      NETS_SECRET_KEY: 'secret',
      NETS_CHECKOUT_KEY: 'checkout',
      NETS_WEBHOOK_SECRET: 'webhook1234',
    } as const;
    let message = '';
    try {
      loadEnv(nets);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/NETS_API_URL: must be set in production/);
    expect(message).toMatch(/NETS_CHECKOUT_SCRIPT_URL: must be set in production/);
    expect(() => loadEnv({ ...nets, NETS_API_URL: 'https://api.dibspayment.eu' })).toThrow(
      /NETS_CHECKOUT_SCRIPT_URL/,
    );
    const live = loadEnv({
      ...nets,
      NETS_API_URL: 'https://api.dibspayment.eu',
      NETS_CHECKOUT_SCRIPT_URL: 'https://checkout.dibspayment.eu/v1/checkout.js?v=1',
    });
    expect(live.NETS_API_URL).toBe('https://api.dibspayment.eu');
    // Outside production the test end points stay the defaults.
    expect(loadEnv({ ...nets, NODE_ENV: 'development' }).NETS_API_URL).toBe(
      'https://test.api.dibspayment.eu',
    );
  });
});
