import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Issue 30.6: money is øre inside the server; only the routes turn it into the wire's NOK, through
// the mappers of each module's *.wire.ts. A service that answered NOK would let the same amount
// be converted twice, or not at all, with nothing but a test of that one answer to notice.

const modulesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'modules');

const moduleFiles = readdirSync(modulesDir, { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => file.split(path.sep).join('/'))
  .sort();

const source = (file: string) =>
  readFileSync(path.join(modulesDir, file), 'utf8')
    // Comments may name the conversion they leave to the routes.
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '');

/**
 * Texts for people, not answers: a mail's amounts, the names of a payment's lines, the amounts
 * on a receipt (issue 34.5).
 */
const textsForPeople = [
  'orders/order-mails.ts',
  'orders/order-pdf.ts',
  // The shop's own mails of new orders and low stock (issue 34).
  'orders/shop-notice-mails.ts',
  'payments/payment-lines.ts',
];

const convertsToNok = (file: string) => /\boreToNok\s*\(/.test(source(file));
const callsWireMapper = (file: string) => /\b\w+ToWire\b/.test(source(file));
const isEdge = (file: string) => /\.(routes|wire)\.ts$/.test(file);
const isServiceOrFlow = (file: string) => /\.(service|flow)\.ts$/.test(file);

describe('money is øre inside the server (issue 30.6)', () => {
  it('reads the modules it judges', () => {
    expect(moduleFiles.filter(isServiceOrFlow).length).toBeGreaterThan(40);
    expect(moduleFiles).toEqual(expect.arrayContaining(textsForPeople));
  });

  it('turns øre into NOK only in routes, wire mappers and texts for people', () => {
    const converting = moduleFiles.filter(
      (file) => !isEdge(file) && !textsForPeople.includes(file) && convertsToNok(file),
    );
    expect(converting).toEqual([]);
  });

  it('leaves the wire mappers to the routes: no service or flow calls one', () => {
    expect(moduleFiles.filter((file) => isServiceOrFlow(file) && callsWireMapper(file))).toEqual(
      [],
    );
  });

  it('finds the conversions there are: each mapper file converts, each mapper is called', () => {
    const wireFiles = moduleFiles.filter((file) => file.endsWith('.wire.ts'));
    expect(wireFiles.length).toBeGreaterThan(0);
    expect(wireFiles.filter((file) => !convertsToNok(file))).toEqual([]);
    expect(callsWireMapper('cart/cart.routes.ts')).toBe(true);
  });
});
