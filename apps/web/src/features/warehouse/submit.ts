import type { FormInstance } from 'antd';
import { reportFailure } from '../../lib/action.ts';
import type { useFeedback } from '../../lib/feedback.ts';
import { isRequestFailure } from '../../lib/request.ts';
import { LOCATION_CODES, QUANTITY_CODES } from './format.ts';

/**
 * Runs a stock operation from a form: a refusal about the quantity (beyond available, too many
 * decimals …) is shown on the form's quantity field, one about the location (a zone of another goods
 * category) on its location field when it has one; any other the usual way. A replayed request
 * (same idempotency key) answers its first result with a notice.
 */
export async function submitStock<V, R extends { notice?: string; replayed?: boolean }>(
  action: { mutateAsync(v: V): Promise<R> },
  vars: V,
  form: FormInstance,
  feedback: ReturnType<typeof useFeedback>,
  quantityField = 'quantity',
  locationField?: string,
): Promise<R | undefined> {
  try {
    const result = await action.mutateAsync(vars);
    if (result?.replayed && result.notice) feedback.warning(result.notice);
    return result;
  } catch (err) {
    if (isRequestFailure(err) && err.code && QUANTITY_CODES.has(err.code)) {
      form.setFields([{ name: quantityField, errors: [err.message] }]);
      form.scrollToField(quantityField);
      return undefined;
    }
    if (locationField && isRequestFailure(err) && err.code && LOCATION_CODES.has(err.code)) {
      form.setFields([{ name: locationField, errors: [err.message] }]);
      form.scrollToField(locationField);
      return undefined;
    }
    reportFailure(err, feedback, form);
    return undefined;
  }
}
