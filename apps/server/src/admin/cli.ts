import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { idSchema, reviewStatuses, type ReviewStatus } from '@shop/shared';
import { loadEnv, type Env } from '../config/env.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/client.js';
import {
  listReviewsForModeration,
  moderateReview,
  type AdminReview,
} from '../modules/reviews/index.js';
import { DomainError } from '../domain-errors.js';
import { AdminInputError, createOwner } from './admin.service.js';

export const usage = `Usage: npm run admin -- <command> [options]

The shop owner's tasks, run on the shop's database.

Commands:
  create-owner --email <address> --name <name> --password <password>
      Creates a verified local account with the owner role, the first sign-in of a new
      shop's back office. When an account with that address exists, it gets the owner
      role instead and keeps its name and password (--name and --password may then be
      left out). The password needs 8 or more characters with a capital, a small letter,
      a digit and one of # ? ! @ $ % ^ & * - or a space. The owner signs in at
      /admin/login and sets up an authenticator app there (the second factor).
  reviews [--status PENDING|ACCEPTED|REJECTED]
      Lists the reviews of a status, PENDING (waiting for you) by default, the longest
      waiting first: id, product, customer, rating and text.
  accept <reviewId>
      Accepts the review: it shows on its product page.
  reject <reviewId> --remarks "<why>"
      Rejects the review; the customer sees the remarks under My Reviews and can change
      and re-submit it.

Options:
  -h, --help  show this help

The database is PGlite in DATA_DIR/pglite (DATA_DIR is ./data by default), or PostgreSQL
when DATABASE_URL is set. PGlite allows only one process per data folder: stop the shop
(npm start or npm run dev) before running these commands on its DATA_DIR, and start it
again afterwards. With DATABASE_URL they can run while the shop runs.

The same tasks are available to signed-in staff in the back office (/admin) and through
the API: GET /api/admin/reviews, POST /api/admin/reviews/{reviewId}/accept and
POST /api/admin/reviews/{reviewId}/reject, after signing in with POST /api/admin/auth/login
and the authenticator code (see /api/docs).`;

export interface CliOutput {
  out(text: string): void;
  err(text: string): void;
}

const consoleOutput: CliOutput = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => console.error(text),
};

/** A mistake on the command line: reported with a pointer to the usage. */
class UsageError extends Error {}

type Command =
  | { name: 'help' }
  | { name: 'create-owner'; email: string; userName?: string; password?: string }
  | { name: 'reviews'; status: ReviewStatus }
  | { name: 'accept'; reviewId: string }
  | { name: 'reject'; reviewId: string; remarks: string };

const options = {
  email: { type: 'string' },
  name: { type: 'string' },
  password: { type: 'string' },
  status: { type: 'string' },
  remarks: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const commandOptions: Record<Exclude<Command['name'], 'help'>, string[]> = {
  'create-owner': ['email', 'name', 'password'],
  reviews: ['status'],
  accept: [],
  reject: ['remarks'],
};

function reviewIdOf(positionals: string[], command: string): string {
  const [id, ...extra] = positionals;
  if (id === undefined) throw new UsageError(`${command} needs a review id`);
  if (extra.length > 0) throw new UsageError(`${command} takes one review id`);
  if (!idSchema.safeParse(id).success) throw new UsageError(`"${id}" is not a review id`);
  return id;
}

function parseCommand(argv: string[]): Command {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  if (values.help || name === 'help') return { name: 'help' };
  if (name === undefined) throw new UsageError('Name a command');
  if (!(name in commandOptions)) throw new UsageError(`Unknown command "${name}"`);
  const command = name as keyof typeof commandOptions;
  const allowed = commandOptions[command];
  const misplaced = Object.keys(values).find((option) => !allowed.includes(option));
  if (misplaced) throw new UsageError(`${command} has no option --${misplaced}`);

  switch (command) {
    case 'create-owner':
      if (rest.length > 0) throw new UsageError('create-owner takes no arguments besides options');
      if (values.email === undefined) throw new UsageError('create-owner needs --email');
      return {
        name: command,
        email: values.email,
        userName: values.name,
        password: values.password,
      };
    case 'reviews': {
      if (rest.length > 0) throw new UsageError('reviews takes no arguments besides --status');
      const status = (values.status ?? 'PENDING').toUpperCase();
      if (!reviewStatuses.includes(status as ReviewStatus))
        throw new UsageError('--status must be PENDING, ACCEPTED or REJECTED');
      return { name: command, status: status as ReviewStatus };
    }
    case 'accept':
      return { name: command, reviewId: reviewIdOf(rest, command) };
    case 'reject': {
      const reviewId = reviewIdOf(rest, command);
      const remarks = values.remarks?.trim() ?? '';
      if (remarks === '')
        throw new UsageError('reject needs --remarks "<why>": the customer is told why');
      return { name: command, reviewId, remarks };
    }
  }
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

function describeReview(review: AdminReview): string {
  const lines = [
    `${review._id}  ${review.date.slice(0, 10)}  ${review.status}`,
    `  Product:  ${review.productName}`,
    `  Customer: ${review.userName}`,
    `  Rating:   ${stars(review.rating)} ${review.rating}/5`,
    `  Text:     ${oneLine(review.review)}`,
  ];
  if (review.images.length > 0) lines.push(`  Images:   ${review.images.join(', ')}`);
  if (review.remarks) lines.push(`  Remarks:  ${oneLine(review.remarks)}`);
  return lines.join('\n');
}

const pgliteHint =
  'PGlite allows only one process per data folder: stop the shop (npm start or npm run dev), ' +
  'run this command, then start the shop again. Or set DATABASE_URL to use a PostgreSQL server.';

async function openShopDatabase(env: Env, io: CliOutput): Promise<DatabaseHandle | undefined> {
  const dataDir = path.join(env.dataDir, 'pglite');
  let database: DatabaseHandle | undefined;
  try {
    database = await openDatabase(
      env.DATABASE_URL
        ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: 1 }
        : { kind: 'pglite', dataDir },
    );
    await database.migrate();
    return database;
  } catch (error) {
    await database?.close().catch(() => {});
    const where = env.DATABASE_URL ? 'the PostgreSQL database of DATABASE_URL' : dataDir;
    io.err(
      `Could not open ${where}: ${(error as Error).message}` +
        (env.DATABASE_URL ? '' : `\n${pgliteHint}`),
    );
    return undefined;
  }
}

async function run(
  db: Database,
  command: Exclude<Command, { name: 'help' }>,
  env: Env,
  io: CliOutput,
) {
  switch (command.name) {
    case 'create-owner': {
      const result = await createOwner(db, {
        email: command.email,
        name: command.userName,
        password: command.password,
      });
      const loginUrl = `${env.PUBLIC_URL.replace(/\/+$/, '')}/admin/login`;
      if (result.outcome === 'created') {
        io.out(
          `Created the owner account ${result.email}; it signs in to the back office at ${loginUrl}.`,
        );
        return;
      }
      io.out(
        result.outcome === 'promoted'
          ? `${result.email} is an owner now; its name and password are unchanged.`
          : `${result.email} is an owner already; nothing changed.`,
      );
      if (!result.verified)
        io.out('Its address is not verified yet: logging in sends a new verification link to it.');
      return;
    }
    case 'reviews': {
      const found = await listReviewsForModeration(db, command.status);
      const status = command.status.toLowerCase();
      if (found.length === 0) {
        io.out(`No ${status} reviews.`);
        return;
      }
      io.out(
        `${found.length} ${status} review${found.length === 1 ? '' : 's'}, the longest waiting first:\n`,
      );
      io.out(found.map(describeReview).join('\n\n'));
      return;
    }
    case 'accept': {
      const review = await moderateReview(db, command.reviewId, { status: 'ACCEPTED' });
      io.out(
        `Accepted review ${review._id} of ${review.productName} by ${review.userName}; ` +
          'it shows on the product page now.',
      );
      return;
    }
    case 'reject': {
      const review = await moderateReview(db, command.reviewId, {
        status: 'REJECTED',
        remarks: command.remarks,
      });
      io.out(
        `Rejected review ${review._id} of ${review.productName} by ${review.userName}; ` +
          `the customer sees the remarks: ${review.remarks}`,
      );
      return;
    }
  }
}

/**
 * The `npm run admin` command: answers the exit code instead of exiting, so tests call it
 * with their own arguments, environment and output.
 */
export async function main(
  argv: string[],
  source: NodeJS.ProcessEnv,
  io: CliOutput = consoleOutput,
): Promise<number> {
  let command: Command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${usage}`);
    return 1;
  }
  if (command.name === 'help') {
    io.out(usage);
    return 0;
  }

  let env: Env;
  try {
    env = loadEnv(source);
  } catch (error) {
    io.err((error as Error).message);
    return 1;
  }
  const database = await openShopDatabase(env, io);
  if (!database) return 1;
  try {
    await run(database.db, command, env, io);
    return 0;
  } catch (error) {
    if (error instanceof DomainError || error instanceof AdminInputError) {
      io.err(error.message);
      return 1;
    }
    io.err(`Failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2), process.env);
}
