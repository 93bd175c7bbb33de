import { useEffect, useRef, useState } from 'react';
import { norwegianPostalCodeProblem } from '@shop/shared';
import { apiRequest, ApiError } from './api-client.js';

export const NORWAY = 'NOR';

/** The form's city field, as the hook reads and fills it. */
export interface CityField {
  value: string;
  set(city: string): void;
}

/**
 * Fills the city of a Norwegian postal code from the register once a code in Posten's numbers is
 * typed (0000 is none: the form refuses it rather than asking for its city). An
 * unknown code (404) or a failed call leaves the city as the shopper typed it, but empties a city
 * the register filled for an earlier code, which would be wrong for this one; answers whether the
 * register does not know the code, so the form can ask for the city (issue 14: Posten issues
 * codes the register may not have yet, and the shop takes them).
 */
export function usePostalCity(
  country: string,
  postalCode: string,
  city: CityField,
): { unknownCode: boolean } {
  const latest = useRef(city);
  useEffect(() => {
    latest.current = city;
  });
  const filledCity = useRef<string>(undefined);
  const code = postalCode.trim();
  const [unknown, setUnknown] = useState<string>();
  useEffect(() => {
    if (country !== NORWAY || norwegianPostalCodeProblem(code)) return;
    const controller = new AbortController();
    apiRequest(`/api/postal-codes/${NORWAY}/${code}`, (wire) => wire.postalCodeResponseSchema, {
      signal: controller.signal,
    })
      .then(({ city: registered }) => {
        if (controller.signal.aborted || !registered) return;
        filledCity.current = registered;
        latest.current.set(registered);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted || !(error instanceof ApiError) || error.status !== 404)
          return;
        setUnknown(code);
        if (filledCity.current !== undefined && latest.current.value === filledCity.current)
          latest.current.set('');
        filledCity.current = undefined;
      });
    return () => controller.abort();
  }, [country, code]);
  return { unknownCode: country === NORWAY && unknown === code };
}
