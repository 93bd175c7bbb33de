import path from 'node:path';
import { z } from 'zod';
import { runtimeFiles } from '../runtime-files.js';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((flag) => ['true', '1', 'yes'].includes(flag));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_URL: z.url().default('http://localhost:5000'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
    .optional(),
  // A read replica of DATABASE_URL for the catalogue's reads (issue 16).
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection URL' })
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((list) =>
      list
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'must be a comma-separated list of origins' }))),
  SEED_ON_START: booleanFlag.default(true),
  WEB_DIST_DIR: z.string().default(runtimeFiles.storefront),
  ADMIN_DIST_DIR: z.string().default(runtimeFiles.backOffice),
  EXCHANGE_RATES_REFRESH: booleanFlag.default(false),
  EXCHANGE_RATES_URL: z.url().default('https://data.norges-bank.no/api/data/EXR'),
  TRUST_PROXY: booleanFlag.default(false),
  RESPONSE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  // How long a process stopped with SIGTERM goes on serving while /ready tells the load balancer
  // it is leaving; 5 s in production, none elsewhere (a developer's Ctrl-C is SIGINT anyway).
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).optional(),
  JWT_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters (for example `openssl rand -hex 32`)' })
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must be a redis:// or rediss:// URL' })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must be an smtp:// or smtps:// URL' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Nordic Trading Shop <no-reply@nordic-trading.example>'),
  DEV_MAILBOX: booleanFlag.optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY: z.string().optional(),
  APPLE_ISSUER: z.url().default('https://appleid.apple.com'),
  UPLOAD_MAX_MEGABYTES: z.coerce.number().min(1).max(50).default(8),
  // Uploaded images in S3-compatible object storage instead of DATA_DIR/uploads (issue 16).
  S3_BUCKET: z
    .string()
    .regex(/^[\w.-]{3,63}$/, {
      error: 'must be a bucket name (3 to 63 letters, digits, dots, hyphens or underscores)',
    })
    .optional(),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(false),
  S3_PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .optional(),
  PAYMENT_PROVIDER: z.enum(['test', 'nets'], { error: 'must be test or nets' }).default('test'),
  ALLOW_TEST_PAYMENTS: booleanFlag.default(false),
  NETS_SECRET_KEY: z.string().optional(),
  NETS_CHECKOUT_KEY: z.string().optional(),
  NETS_API_URL: z.url().default('https://test.api.dibspayment.eu'),
  NETS_CHECKOUT_SCRIPT_URL: z
    .url()
    .default('https://test.checkout.dibspayment.eu/v1/checkout.js?v=1'),
  /**
   * Vipps MobilePay (issue 32.1): on beside the card when its keys are given; without them the
   * test provider's shop pays with Vipps through the local stand-in, and a Nets shop has no Vipps.
   */
  VIPPS_CLIENT_ID: z.string().optional(),
  VIPPS_CLIENT_SECRET: z.string().optional(),
  VIPPS_SUBSCRIPTION_KEY: z.string().optional(),
  VIPPS_MERCHANT_SERIAL_NUMBER: z
    .string()
    .regex(/^\d{5,7}$/, { error: 'must be the merchant serial number, 5 to 7 digits' })
    .optional(),
  /** The secret Vipps answered when the shop's webhook was registered (README, "Going live"). */
  VIPPS_WEBHOOK_SECRET: z.string().optional(),
  VIPPS_ENVIRONMENT: z.enum(['test', 'live'], { error: 'must be test or live' }).default('test'),
  /** Another address of the ePayment API than VIPPS_ENVIRONMENT's (a stand-in in the tests). */
  VIPPS_API_URL: z.url().optional(),
  PAYMENT_SWEEP_MINUTES: z.coerce.number().int().min(0).max(1440).default(5),
  /**
   * How often a process looks whether the day's low-stock mail is due (from 07:00 in Norway;
   * issue 34.2); 0 turns the job off (the tests, which run it on their own clock).
   */
  LOW_STOCK_MAIL_MINUTES: z.coerce.number().int().min(0).max(1440).default(15),
  /** Test only: the process kills itself between storing an order and charging it. */
  TEST_CRASH_AFTER_ORDER_STORED: booleanFlag.default(false),
  /** Test only: `PUT /api/test/clock` moves the shop's clock, for the browser journeys. */
  TEST_CLOCK: booleanFlag.default(false),
  NETS_WEBHOOK_SECRET: z
    .string()
    .min(8, { error: 'must be 8 to 64 letters and digits' })
    .max(64, { error: 'must be 8 to 64 letters and digits' })
    .regex(/^[A-Za-z0-9]+$/, { error: 'must be 8 to 64 letters and digits' })
    .optional(),
});

/** Where uploads go when S3_BUCKET is set: an S3-compatible object store (issue 16). */
export interface S3Config {
  bucket: string;
  region: string;
  /** A store other than AWS (MinIO, R2, …); AWS's own endpoint for the region without it. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  /** The bucket's public address without a trailing slash: /uploads/<key> redirects there. */
  publicUrl?: string;
}

const s3Variables = [
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;

/**
 * The object store of S3_BUCKET, or none. Half a configuration stops the start: without it the
 * shop would quietly keep uploads on one machine's disk, or the SDK would sign with whatever
 * credentials the machine happens to hold.
 */
function s3Config(env: z.infer<typeof envSchema>, source: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) {
    const stray = s3Variables.filter((name) => source[name]);
    if (stray.length > 0)
      throw new Error(
        `Invalid configuration:\n${stray.map((name) => `  ${name}: is only read with S3_BUCKET; set S3_BUCKET to keep uploads in object storage, or remove ${name}`).join('\n')}`,
      );
    return undefined;
  }
  const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = env;
  if (!accessKeyId || !secretAccessKey) {
    const missing = (['S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter(
      (name) => !env[name],
    );
    throw new Error(
      `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set when S3_BUCKET is set`).join('\n')}`,
    );
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION,
    endpoint: env.S3_ENDPOINT,
    accessKeyId,
    secretAccessKey,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
    publicUrl: env.S3_PUBLIC_URL?.replace(/\/+$/, ''),
  };
}

export type Env = z.infer<typeof envSchema> & {
  dataDir: string;
  /** Object storage for uploads; undefined keeps them under DATA_DIR/uploads. */
  s3?: S3Config;
  /** The development mailbox page is on: asked for, or by default when mail only goes to files outside production. */
  devMailbox: boolean;
  shutdownDrainSeconds: number;
};

/** A shop only its own machine can reach: the two-command demo, a developer, the tests. */
function isLocalAddress(url: string): boolean {
  const host = new URL(url).hostname;
  return host === 'localhost' || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** Why a production start needs these chosen by name rather than taken from their defaults. */
const productionReasons = {
  PUBLIC_URL: "the shop's address in mailed links and sign-in redirects; the default is localhost",
  NETS_API_URL:
    'https://api.dibspayment.eu for real payments, https://test.api.dibspayment.eu for tests',
  NETS_CHECKOUT_SCRIPT_URL: 'the live or the test checkout script, to match NETS_API_URL',
} as const;

/** The variables a production start must be given: defaults fit only a shop on this machine. */
function productionChoices(env: z.infer<typeof envSchema>): (keyof typeof productionReasons)[] {
  if (env.NODE_ENV !== 'production') return [];
  if (env.PAYMENT_PROVIDER === 'test') return ['PUBLIC_URL'];
  return ['PUBLIC_URL', 'NETS_API_URL', 'NETS_CHECKOUT_SCRIPT_URL'];
}

/** The one place that reads process.env: a bad value stops the start naming the variable. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')),
  );
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
      .join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  // npm runs workspace scripts (`npm run seed`, `npm run dev`) inside apps/server; a relative
  // DATA_DIR means the folder the command was typed in (INIT_CWD), so every command of the
  // README uses the same ./data.
  const base = source.INIT_CWD ?? process.cwd();
  const env = parsed.data;
  if (env.PAYMENT_PROVIDER === 'nets') {
    const missing = (
      ['NETS_SECRET_KEY', 'NETS_CHECKOUT_KEY', 'NETS_WEBHOOK_SECRET'] as const
    ).filter((name) => !env[name]);
    if (missing.length > 0)
      throw new Error(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set when PAYMENT_PROVIDER is nets`).join('\n')}`,
      );
  }
  const vippsKeys = [
    'VIPPS_CLIENT_ID',
    'VIPPS_CLIENT_SECRET',
    'VIPPS_SUBSCRIPTION_KEY',
    'VIPPS_MERCHANT_SERIAL_NUMBER',
    'VIPPS_WEBHOOK_SECRET',
  ] as const;
  if (vippsKeys.some((name) => env[name])) {
    const missing = vippsKeys.filter((name) => !env[name]);
    if (missing.length > 0)
      throw new Error(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: must be set to take Vipps MobilePay (${vippsKeys.filter((key) => env[key]).join(', ')} is set)`).join('\n')}`,
      );
  }
  if (
    env.PAYMENT_PROVIDER === 'test' &&
    !env.ALLOW_TEST_PAYMENTS &&
    !isLocalAddress(env.PUBLIC_URL)
  )
    throw new Error(
      `Invalid configuration:\n  ALLOW_TEST_PAYMENTS: must be true to take test payments on the public address ${env.PUBLIC_URL} (no money moves); set PAYMENT_PROVIDER=nets to sell`,
    );
  if (env.TEST_CRASH_AFTER_ORDER_STORED && env.NODE_ENV === 'production')
    throw new Error(
      'Invalid configuration:\n  TEST_CRASH_AFTER_ORDER_STORED: is for tests and is refused in production',
    );
  // A clock anyone can move would let anyone start and end sales: tests only.
  if (env.TEST_CLOCK && env.NODE_ENV !== 'test')
    throw new Error(
      'Invalid configuration:\n  TEST_CLOCK: is for tests (NODE_ENV=test) and is refused otherwise',
    );
  // Retired in issue 14: a shop that set it would otherwise mail its enquiries elsewhere unnoticed.
  if (source.SHOP_EMAIL)
    throw new Error(
      "Invalid configuration:\n  SHOP_EMAIL: is no longer read. Remove it, then set the cleaning enquiry address in the back office (Storefront → Cleaning page); until then enquiries go to the shop's e-mail in Shop details",
    );
  const unchosen = productionChoices(env).filter((name) => !source[name]);
  if (unchosen.length > 0)
    throw new Error(
      `Invalid configuration:\n${unchosen.map((name) => `  ${name}: must be set in production (${productionReasons[name]})`).join('\n')}`,
    );
  if (env.DATABASE_READ_URL && !env.DATABASE_URL)
    throw new Error(
      'Invalid configuration:\n  DATABASE_READ_URL: is a read replica of DATABASE_URL; set DATABASE_URL too',
    );
  const s3 = s3Config(env, source);
  return {
    ...env,
    dataDir: path.resolve(base, env.DATA_DIR),
    s3,
    devMailbox: env.DEV_MAILBOX ?? (!env.SMTP_URL && env.NODE_ENV !== 'production'),
    shutdownDrainSeconds: env.SHUTDOWN_DRAIN_SECONDS ?? (env.NODE_ENV === 'production' ? 5 : 0),
  };
}

/** loadEnv at a command's start: a bad value prints only the message naming it, and exits. */
export function loadEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
