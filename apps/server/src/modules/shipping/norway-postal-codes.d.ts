declare module 'norway-postal-codes' {
  /** Posten's register: four-digit postal code → place name in capitals ('0010' → 'OSLO'). */
  const postalCodes: Readonly<Record<string, string>>;
  export default postalCodes;
}
