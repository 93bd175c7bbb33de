import { z } from 'zod';

/**
 * Norges Bank's exchange-rate series in SDMX-JSON: each series is one currency (dimension
 * BASE_CUR) quoted in NOK (QUOTE_CUR), optionally per 10^UNIT_MULT units (JPY per 100, say).
 * Only the parts we read are described; the rest of the document is ignored.
 */
const dimensionSchema = z.object({
  id: z.string(),
  values: z.array(z.object({ id: z.string() })),
});
const sdmxDocumentSchema = z.object({
  data: z.object({
    dataSets: z
      .array(
        z.object({
          series: z.record(
            z.string(),
            z.object({
              attributes: z.array(z.number().nullable()).optional(),
              observations: z.record(
                z.string(),
                z.array(z.union([z.string(), z.number(), z.null()])),
              ),
            }),
          ),
        }),
      )
      .min(1),
    structure: z.object({
      dimensions: z.object({ series: z.array(dimensionSchema) }),
      attributes: z.object({ series: z.array(dimensionSchema) }).optional(),
    }),
  }),
});

/** The series of every currency against NOK, last business day only. */
export function norgesBankRatesUrl(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/B..NOK.SP?lastNObservations=1&format=sdmx-json`;
}

/**
 * Reads NOK-based multipliers (units of the currency per one NOK) out of a Norges Bank
 * SDMX-JSON document. Series without a usable latest observation are skipped.
 */
export function parseNorgesBankRates(document: unknown): Map<string, number> {
  const { data } = sdmxDocumentSchema.parse(document);
  const dimensions = data.structure.dimensions.series;
  const baseIndex = dimensions.findIndex((dimension) => dimension.id === 'BASE_CUR');
  const quoteIndex = dimensions.findIndex((dimension) => dimension.id === 'QUOTE_CUR');
  if (baseIndex < 0) throw new Error('SDMX document has no BASE_CUR dimension');
  const attributes = data.structure.attributes?.series ?? [];
  const unitMultIndex = attributes.findIndex((attribute) => attribute.id === 'UNIT_MULT');

  const rates = new Map<string, number>();
  for (const dataSet of data.dataSets) {
    for (const [key, series] of Object.entries(dataSet.series)) {
      const positions = key.split(':').map(Number);
      const currency = dimensions[baseIndex]?.values[positions[baseIndex] ?? -1]?.id;
      const quote =
        quoteIndex < 0 ? 'NOK' : dimensions[quoteIndex]?.values[positions[quoteIndex] ?? -1]?.id;
      if (!currency || quote !== 'NOK') continue;

      const latestKey = Object.keys(series.observations)
        .map(Number)
        .sort((a, b) => b - a)[0];
      const nokPerQuotedUnits = Number(series.observations[String(latestKey)]?.[0]);
      if (!Number.isFinite(nokPerQuotedUnits) || nokPerQuotedUnits <= 0) continue;

      const unitMultPosition = unitMultIndex < 0 ? null : series.attributes?.[unitMultIndex];
      const unitMult =
        unitMultPosition === null || unitMultPosition === undefined
          ? 0
          : Number(attributes[unitMultIndex]?.values[unitMultPosition]?.id ?? 0);
      const nokPerUnit = nokPerQuotedUnits / 10 ** unitMult;
      rates.set(currency, 1 / nokPerUnit);
    }
  }
  return rates;
}

/**
 * Fetches the latest rates from Norges Bank; throws on a network, HTTP or format failure, after
 * `timeoutMs`, or when `signal` aborts (the server shutting down).
 */
export async function fetchNorgesBankRates(
  baseUrl: string,
  { signal, timeoutMs = 15_000 }: { signal?: AbortSignal; timeoutMs?: number } = {},
): Promise<Map<string, number>> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const response = await fetch(norgesBankRatesUrl(baseUrl), {
    headers: { accept: 'application/vnd.sdmx.data+json, application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  });
  if (!response.ok) throw new Error(`Norges Bank answered HTTP ${response.status}`);
  return parseNorgesBankRates(await response.json());
}
