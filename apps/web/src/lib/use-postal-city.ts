import { useEffect, useRef, useState } from 'react';
import { norwegianPostalCodePattern } from '@shop/shared';
import { apiRequest, ApiError } from './api-client.js';

export const NORWAY = 'NOR';

/**
 * Fills the city of a Norwegian postal code from the register once four digits are typed. An
 * unknown code (404) or a failed call leaves the city as the shopper typed it; answers whether
 * the register does not know the code, so the form can ask for the city (issue 14: Posten
 * issues codes the register may not have yet, and the shop takes them).
 */
export function usePostalCity(
  country: string,
  postalCode: string,
  onCity: (city: string) => void,
): { unknownCode: boolean } {
  const latest = useRef(onCity);
  useEffect(() => {
    latest.current = onCity;
  });
  const code = postalCode.trim();
  const [unknown, setUnknown] = useState<string>();
  useEffect(() => {
    if (country !== NORWAY || !norwegianPostalCodePattern.test(code)) return;
    const controller = new AbortController();
    apiRequest(`/api/postal-codes/${NORWAY}/${code}`, (wire) => wire.postalCodeResponseSchema, {
      signal: controller.signal,
    })
      .then(({ city }) => {
        if (!controller.signal.aborted && city) latest.current(city);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted && error instanceof ApiError && error.status === 404)
          setUnknown(code);
      });
    return () => controller.abort();
  }, [country, code]);
  return { unknownCode: country === NORWAY && unknown === code };
}
