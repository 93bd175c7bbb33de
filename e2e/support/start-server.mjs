// Starts the real server on a fresh data folder with the demo catalogue for the journeys, and a
// local OpenID Connect server standing in for Google.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { OAuth2Server } from 'oauth2-mock-server';

const root = path.resolve(import.meta.dirname, '../..');
const port = process.env.E2E_PORT ?? '5055';
const oidcPort = Number(process.env.E2E_OIDC_PORT ?? 5056);
const googleClientId = 'e2e-google-client';

const oidc = new OAuth2Server();
await oidc.issuer.keys.generate('RS256');
// Named by address: `localhost` may resolve to ::1, where the mock does not listen.
oidc.issuer.url = `http://127.0.0.1:${oidcPort}`;
// The mock signs the access token and then the id_token; only the id_token has no scope.
oidc.service.on('beforeTokenSigning', (token) => {
  if ('scope' in token.payload) return;
  Object.assign(token.payload, {
    sub: 'e2e-google-user',
    email: 'e2e.google@example.com',
    email_verified: true,
    name: 'Greta Google',
    aud: googleClientId,
  });
});
await oidc.start(oidcPort, '127.0.0.1');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));

// The shop owner's account, made the way an owner makes it, before the server holds the
// database (e2e/support/accounts.ts has the same credentials). Its authenticator is set up by
// the first journey that signs in to the back office (e2e/support/staff.ts), which leaves the
// secret for the others in these files; they are this run's alone.
const ownerTotpFiles = [`shop-e2e-${port}-owner-totp`, `shop-e2e-${port}-owner-totp.lock`].map(
  (name) => path.join(os.tmpdir(), name),
);
for (const file of ownerTotpFiles) fs.rmSync(file, { force: true });
const owner = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'apps/server/src/admin/cli.ts',
    'create-owner',
    '--email',
    'owner@example.no',
    '--name',
    'Shop Owner',
    '--password',
    'Own3r pass!',
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' } },
);
if (owner.status !== 0) throw new Error('could not create the e2e owner account');
const serverEnv = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  // e2e/support/accounts.ts gives each account made through the API a client address of its own.
  TRUST_PROXY: 'true',
  GOOGLE_CLIENT_ID: googleClientId,
  GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
  GOOGLE_ISSUER: oidc.issuer.url,
  // `PUT /api/test/clock`, for the journey of a weekend sale (e2e/admin-price-sales.spec.ts).
  TEST_CLOCK: 'true',
};
// The demo catalogue and its pictures, as `npm start` sets them up. The journeys run the server
// from its sources (tsx), so a journey always tests the code as it is, without a rebuild.
const firstStart = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/server/src/db/seed/first-start.ts'],
  { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], env: serverEnv },
);
if (firstStart.status !== 0) throw new Error('could not seed the e2e demo catalogue');
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv,
});
const stop = (signal) => server.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', async (code) => {
  await oidc.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  for (const file of ownerTotpFiles) fs.rmSync(file, { force: true });
  process.exit(code ?? 0);
});
