import {
  CodeChallengeMethod,
  generateCodeVerifier,
  generateState,
  OAuth2Client,
  OAuth2Tokens,
} from 'arctic';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { text } from '@shop/shared';
import type { Env } from '../../config/env.js';
import type { SocialProfile } from './accounts.service.js';

export type SocialProvider = SocialProfile['provider'];

export const providerLabels: Record<SocialProvider, string> = { google: 'Google', apple: 'Apple' };

const FETCH_TIMEOUT_MS = 10_000;
/** Apple's client secret is a JWT we sign; it only has to outlive one token request. */
const APPLE_CLIENT_SECRET_TTL_SECONDS = 5 * 60;

interface ProviderConfig {
  provider: SocialProvider;
  issuer: string;
  clientId: string;
  redirectUri: string;
  scopes: string[];
  /** Extra authorization parameters (Apple answers by form POST when name or e-mail is asked). */
  authorizationParams: Record<string, string>;
  /** Google takes a fixed secret; Apple a short-lived JWT signed with the team's key. */
  clientSecret: () => Promise<string>;
  /** Apple's token end point only reads the client's credentials from the form body. */
  clientAuth: 'basic' | 'post';
}

const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.url(),
  token_endpoint: z.url(),
  jwks_uri: z.url(),
});

interface Discovered {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  keys: ReturnType<typeof createRemoteJWKSet>;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  codeVerifier: string;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

const appleVariables = [
  'APPLE_CLIENT_ID',
  'APPLE_TEAM_ID',
  'APPLE_KEY_ID',
  'APPLE_PRIVATE_KEY',
] as const;

interface AppleSettings {
  clientId: string;
  clientSecret: () => Promise<string>;
}

/** Apple is on when its four variables are set; some but not all is a configuration error. */
async function appleSettings(env: Env): Promise<AppleSettings | undefined> {
  const {
    APPLE_CLIENT_ID: clientId,
    APPLE_TEAM_ID: teamId,
    APPLE_KEY_ID: keyId,
    APPLE_PRIVATE_KEY: privateKey,
  } = env;
  if (!clientId && !teamId && !keyId && !privateKey) return undefined;
  if (!clientId || !teamId || !keyId || !privateKey) {
    const missing = appleVariables.filter((name) => !env[name]);
    const problems = missing.map(
      (name) =>
        `  ${name}: must be set for Apple sign-in (set all of ${appleVariables.join(', ')}, or none)`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  // Keys pasted into one-line settings often carry their line breaks as `\n`.
  const key = await importPKCS8(privateKey.replaceAll('\\n', '\n'), 'ES256').catch(() => {
    throw new Error(
      'Invalid configuration:\n  APPLE_PRIVATE_KEY: must be the PKCS#8 PEM of the Sign in with Apple key (.p8)',
    );
  });
  const audience = stripSlash(env.APPLE_ISSUER);
  return {
    clientId,
    clientSecret: () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: keyId })
        .setIssuer(teamId)
        .setSubject(clientId)
        .setAudience(audience)
        .setIssuedAt()
        .setExpirationTime(`${APPLE_CLIENT_SECRET_TTL_SECONDS}s`)
        .sign(key),
  };
}

/** Apple's `email_verified` is sometimes the string "true". */
const isTrue = (value: unknown) => value === true || value === 'true';

// The browser posts this JSON, so anyone can put anything in it: a name the shop could not
// store is left out like a missing one.
const appleUserSchema = z.object({
  name: z.object({ firstName: text().optional(), lastName: text().optional() }).optional(),
});

/** The name Apple posts as `user` JSON, on the first sign-in only. */
export function appleUserName(user: string | undefined): string | undefined {
  if (!user) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(user);
  } catch {
    return undefined;
  }
  const name = appleUserSchema.safeParse(parsed).data?.name;
  const full = [name?.firstName, name?.lastName].filter(Boolean).join(' ').trim();
  return full || undefined;
}

/**
 * Google and Apple sign-in as OpenID Connect authorization-code flows with PKCE. End points
 * come from each issuer's discovery document, fetched on first use, so tests and staging can
 * point the issuers at another OpenID Connect server.
 */
export class SocialSignIn {
  private readonly discovered = new Map<SocialProvider, Promise<Discovered>>();

  private constructor(
    private readonly providers: Partial<Record<SocialProvider, ProviderConfig>>,
  ) {}

  /** Reads the providers from the configuration; a half-configured provider stops the start. */
  static async fromEnv(env: Env): Promise<SocialSignIn> {
    const root = stripSlash(env.PUBLIC_URL);
    const providers: Partial<Record<SocialProvider, ProviderConfig>> = {};
    const { GOOGLE_CLIENT_ID: googleId, GOOGLE_CLIENT_SECRET: googleSecret } = env;
    if (Boolean(googleId) !== Boolean(googleSecret))
      throw new Error(
        `Invalid configuration:\n  ${googleId ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID'}: must be set for Google sign-in (set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET, or neither)`,
      );
    if (googleId && googleSecret)
      providers.google = {
        provider: 'google',
        issuer: stripSlash(env.GOOGLE_ISSUER),
        clientId: googleId,
        redirectUri: `${root}/auth/google/callback`,
        scopes: ['openid', 'email', 'profile'],
        authorizationParams: {},
        clientSecret: async () => googleSecret,
        clientAuth: 'basic',
      };
    const apple = await appleSettings(env);
    if (apple)
      providers.apple = {
        provider: 'apple',
        issuer: stripSlash(env.APPLE_ISSUER),
        clientId: apple.clientId,
        redirectUri: `${root}/auth/apple/callback`,
        scopes: ['name', 'email'],
        authorizationParams: { response_mode: 'form_post' },
        clientSecret: apple.clientSecret,
        clientAuth: 'post',
      };
    return new SocialSignIn(providers);
  }

  isEnabled(provider: SocialProvider): boolean {
    return this.providers[provider] !== undefined;
  }

  async startAuthorization(provider: SocialProvider): Promise<AuthorizationStart> {
    const config = this.config(provider);
    const { authorizationEndpoint } = await this.discover(config);
    const state = generateState();
    const codeVerifier = generateCodeVerifier();
    const url = new OAuth2Client(
      config.clientId,
      null,
      config.redirectUri,
    ).createAuthorizationURLWithPKCE(
      authorizationEndpoint,
      state,
      CodeChallengeMethod.S256,
      codeVerifier,
      config.scopes,
    );
    for (const [name, value] of Object.entries(config.authorizationParams))
      url.searchParams.set(name, value);
    return { url, state, codeVerifier };
  }

  /** Trades the code for tokens and reads the identity from the verified id_token. */
  async finishAuthorization(
    provider: SocialProvider,
    code: string,
    codeVerifier: string,
    postedName?: string,
  ): Promise<SocialProfile> {
    const config = this.config(provider);
    const discovered = await this.discover(config);
    const idToken = await this.exchangeCode(config, discovered.tokenEndpoint, code, codeVerifier);
    const claims = await this.verifyIdToken(config, discovered, idToken);
    if (!claims.sub) throw new Error('id_token has no subject');
    const email = typeof claims.email === 'string' ? claims.email : undefined;
    const name =
      provider === 'google'
        ? typeof claims.name === 'string'
          ? claims.name
          : undefined
        : postedName;
    return {
      provider,
      subject: claims.sub,
      email,
      emailVerified: isTrue(claims.email_verified),
      name,
    };
  }

  private config(provider: SocialProvider): ProviderConfig {
    const config = this.providers[provider];
    if (!config) throw new Error(`${providerLabels[provider]} sign-in is not configured`);
    return config;
  }

  private discover(config: ProviderConfig): Promise<Discovered> {
    let pending = this.discovered.get(config.provider);
    if (!pending) {
      pending = fetchDiscovery(config.issuer);
      // A provider that was unreachable is asked again on the next sign-in.
      pending.catch(() => this.discovered.delete(config.provider));
      this.discovered.set(config.provider, pending);
    }
    return pending;
  }

  private async exchangeCode(
    config: ProviderConfig,
    tokenEndpoint: string,
    code: string,
    codeVerifier: string,
  ): Promise<string> {
    if (config.clientAuth === 'basic') {
      const client = new OAuth2Client(
        config.clientId,
        await config.clientSecret(),
        config.redirectUri,
      );
      const tokens = await client.validateAuthorizationCode(tokenEndpoint, code, codeVerifier);
      return tokens.idToken();
    }
    const response = await fetch(tokenEndpoint, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        code_verifier: codeVerifier,
        redirect_uri: config.redirectUri,
        client_id: config.clientId,
        client_secret: await config.clientSecret(),
      }),
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`token end point answered ${response.status}`);
    }
    return new OAuth2Tokens((await response.json()) as object).idToken();
  }

  private async verifyIdToken(
    config: ProviderConfig,
    discovered: Discovered,
    idToken: string,
  ): Promise<JWTPayload> {
    // Google documents `accounts.google.com` without the scheme as an issuer of its id_tokens too.
    const issuers =
      config.provider === 'google'
        ? [discovered.issuer, new URL(discovered.issuer).host]
        : [discovered.issuer];
    const { payload } = await jwtVerify(idToken, discovered.keys, {
      issuer: issuers,
      audience: config.clientId,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  }
}

async function fetchDiscovery(issuer: string): Promise<Discovered> {
  const response = await fetch(`${issuer}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`discovery of ${issuer} answered ${response.status}`);
  const document = discoverySchema.parse(await response.json());
  // OpenID Connect Discovery: the document must name the issuer it was fetched from.
  if (stripSlash(document.issuer) !== issuer)
    throw new Error(`discovery of ${issuer} names another issuer (${document.issuer})`);
  return {
    issuer: document.issuer,
    authorizationEndpoint: document.authorization_endpoint,
    tokenEndpoint: document.token_endpoint,
    keys: createRemoteJWKSet(new URL(document.jwks_uri), { timeoutDuration: FETCH_TIMEOUT_MS }),
  };
}
