import { parse } from 'node:querystring';
import type { FastifyInstance } from 'fastify';
import { badRequest } from './error-handler.js';

/**
 * Parses a query string, leaving out parameters without a value (`?sort=`, `?page`): an empty
 * query parameter means the schema's default on every route. The old client always sends some
 * of them empty.
 */
export function parseQueryString(query: string): Record<string, string | string[]> {
  // No prototype, so that a parameter named __proto__ is a parameter like any other.
  const parameters: Record<string, string | string[]> = Object.create(null);
  for (const [name, value] of Object.entries(parse(query))) {
    const given = (Array.isArray(value) ? value : [value ?? '']).filter((item) => item !== '');
    if (given.length > 0) parameters[name] = given.length === 1 ? (given[0] ?? '') : given;
  }
  return parameters;
}

/** Deeper than any body the API reads: the deepest, an order's cart lines, is under 10. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text opens more than `limit` arrays or objects inside each other. One pass over
 * the characters, without recursion, so any input is measured safely before it is parsed.
 */
export function isNestedDeeperThan(json: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < json.length; index += 1) {
    const character = json[index];
    if (inString) {
      if (character === '\\') index += 1;
      else if (character === '"') inString = false;
    } else if (character === '"') inString = true;
    else if (character === '[' || character === '{') {
      depth += 1;
      if (depth > limit) return true;
    } else if (character === ']' || character === '}') depth -= 1;
  }
  return false;
}

/**
 * Fastify's JSON parser (prototype poisoning refused as before) behind a depth check: a body
 * nested thousands deep is answered 400 before anything walks it recursively.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const json = body.toString();
    if (isNestedDeeperThan(json, MAX_JSON_DEPTH)) {
      done(badRequest('errors.request.tooDeep', { depth: MAX_JSON_DEPTH }), undefined);
      return;
    }
    parseJson(request, json, done);
  });
}
