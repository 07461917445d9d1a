import { DomainError } from '@factoring/domain';
import { BusinessError } from '../../lib/envelope.ts';

/** Runs a domain rule; its DomainError (a Chinese message for the user) becomes a BusinessError. */
export function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof DomainError) throw new BusinessError(err.message);
    throw err;
  }
}
