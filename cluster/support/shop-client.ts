import { Secret, TOTP } from 'otpauth';
import { waitFor } from '../../apps/server/src/test/wait-for.js';
import type { MailStandIn } from './mail-stand-in.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json<T>(): T;
}

/** A shopper's or the owner's calls to the shop over HTTP, from one address of their own. */
export class ShopClient {
  constructor(
    private readonly base: string,
    private readonly address: string,
    private token?: string,
  ) {}

  async call(method: string, path: string, body?: unknown): Promise<Answer> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    let payload: FormData | string | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, { method, headers, body: payload });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      text,
      json: <T>() => JSON.parse(text) as T,
    };
  }

  async expect(status: number, method: string, path: string, body?: unknown): Promise<Answer> {
    const answer = await this.call(method, path, body);
    if (answer.status !== status)
      throw new Error(`${method} ${path} answered ${answer.status}, not ${status}: ${answer.text}`);
    return answer;
  }

  signIn(token: string): void {
    this.token = token;
  }

  /** Signs up, follows the link of the verification mail, and signs in. */
  async signUp(mail: MailStandIn, email: string, password: string): Promise<{ _id: string }> {
    await this.expect(201, 'POST', '/api/subscribers', {
      name: 'Kari Nordmann',
      email,
      password,
      provider: 'local',
    });
    const link = await waitFor(
      `the verification mail to ${email}`,
      () => mail.to(email).map((received) => /\/verify\/([\w-]+)\/([\w-]+)/.exec(received.text))[0],
    );
    await this.expect(200, 'PUT', `/api/subscribers/verify-user/${link[1]}/${link[2]}`);
    const user = (
      await this.expect(200, 'POST', '/api/subscribers/login', { email, password })
    ).json<{ _id: string; accessToken: string }>();
    this.signIn(user.accessToken);
    return user;
  }

  /** The owner's first sign-in to the back office: password, then a new authenticator. */
  async enrolOwner(email: string, password: string): Promise<void> {
    const login = (
      await this.expect(200, 'POST', '/api/admin/auth/login', { email, password })
    ).json<{ step: string; challengeToken: string; secret: string }>();
    if (login.step !== 'enrol') throw new Error(`the owner is asked to ${login.step}`);
    const totp = new TOTP({ secret: Secret.fromBase32(login.secret), algorithm: 'SHA1' });
    const enrolled = await this.expect(200, 'POST', '/api/admin/auth/enrol', {
      challengeToken: login.challengeToken,
      code: totp.generate(),
    });
    this.signIn(enrolled.json<{ session: { accessToken: string } }>().session.accessToken);
  }
}
