// Internal: a decimal.js flavour with enough digits that products of cents (up to 2^53) and
// rates never lose precision before the single final rounding to the cent.
import Decimal from 'decimal.js';

export const Dec = Decimal.clone({ precision: 64, rounding: Decimal.ROUND_HALF_UP });
export type Dec = InstanceType<typeof Dec>;

/** Rounds half-up (away from zero on .5) to a whole number. */
export function roundHalfUp(value: Dec): Dec {
  return value.toDecimalPlaces(0, Dec.ROUND_HALF_UP);
}
