import { useEffect, useRef } from 'react';
import { norwegianPostalCodePattern } from '@shop/shared';
import { apiRequest } from './api-client.js';

export const NORWAY = 'NOR';

/**
 * Fills the city of a Norwegian postal code from the register once four digits are typed. An
 * unknown code (404) or a failed call leaves the city as the shopper typed it.
 */
export function usePostalCity(country: string, postalCode: string, onCity: (city: string) => void) {
  const latest = useRef(onCity);
  useEffect(() => {
    latest.current = onCity;
  });
  const code = postalCode.trim();
  useEffect(() => {
    if (country !== NORWAY || !norwegianPostalCodePattern.test(code)) return;
    const controller = new AbortController();
    apiRequest(`/api/postal-codes/${NORWAY}/${code}`, (wire) => wire.postalCodeResponseSchema, {
      signal: controller.signal,
    })
      .then(({ city }) => {
        if (!controller.signal.aborted && city) latest.current(city);
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [country, code]);
}
