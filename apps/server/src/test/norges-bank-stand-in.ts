import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One quote of Norges Bank's answer: NOK per `unitMult` power of ten of `currency`. */
export interface Quote {
  currency: string;
  nok: string;
  unitMult?: number;
}

/** A body shaped like Norges Bank's `EXR/B..NOK.SP?lastNObservations=1&format=sdmx-json`. */
export function norgesBankBody(quotes: Quote[]) {
  const unitMults = [...new Set(quotes.map((quote) => String(quote.unitMult ?? 0)))];
  return {
    meta: { id: 'IREF000001', prepared: '2025-06-03T14:16:00', test: false },
    data: {
      dataSets: [
        {
          links: [
            {
              rel: 'dataflow',
              urn: 'urn:sdmx:org.sdmx.infomodel.datastructure.Dataflow=NB:EXR(1.0)',
            },
          ],
          reportingBegin: '2025-06-03T00:00:00',
          action: 'Information',
          series: Object.fromEntries(
            quotes.map((quote, index) => [
              `0:${index}:0:0`,
              {
                attributes: [0, 0, unitMults.indexOf(String(quote.unitMult ?? 0)), 0],
                observations: { '0': [quote.nok] },
              },
            ]),
          ),
        },
      ],
      structure: {
        name: 'Exchange Rates',
        dimensions: {
          dataset: [],
          series: [
            {
              id: 'FREQ',
              name: 'Frequency',
              keyPosition: 0,
              values: [{ id: 'B', name: 'Business' }],
            },
            {
              id: 'BASE_CUR',
              name: 'Base Currency',
              keyPosition: 1,
              values: quotes.map((quote) => ({ id: quote.currency, name: quote.currency })),
            },
            {
              id: 'QUOTE_CUR',
              name: 'Quote Currency',
              keyPosition: 2,
              values: [{ id: 'NOK', name: 'Norwegian krone' }],
            },
            { id: 'TENOR', name: 'Tenor', keyPosition: 3, values: [{ id: 'SP', name: 'Spot' }] },
          ],
          observation: [
            {
              id: 'TIME_PERIOD',
              name: 'Time Period',
              role: 'time',
              values: [
                {
                  start: '2025-06-03T00:00:00',
                  end: '2025-06-03T23:59:59',
                  id: '2025-06-03',
                  name: '2025-06-03',
                },
              ],
            },
          ],
        },
        attributes: {
          dataset: [],
          series: [
            { id: 'DECIMALS', name: 'Decimals', values: [{ id: '4', name: '4' }] },
            { id: 'CALCULATED', name: 'Calculated', values: [{ id: 'false', name: 'false' }] },
            {
              id: 'UNIT_MULT',
              name: 'Unit Multiplier',
              values: unitMults.map((id) => ({ id, name: id })),
            },
            {
              id: 'COLLECTION',
              name: 'Collection Indicator',
              values: [{ id: 'C', name: 'ECB concertation time 14:15 CET' }],
            },
          ],
          observation: [],
        },
      },
    },
  };
}

/**
 * A stand-in for Norges Bank on 127.0.0.1 that records the requests it receives, answering
 * after `delayMs` (a slow Norges Bank keeps two refreshes in flight at once).
 */
export async function startRatesServer(
  answer: () => { status: number; body: unknown },
  { delayMs = 0 }: { delayMs?: number } = {},
) {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const { status, body } = answer();
    setTimeout(() => {
      response.writeHead(status, {
        'content-type': 'application/vnd.sdmx.data+json; charset=utf-8',
      });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/data/EXR`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
