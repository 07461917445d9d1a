import { chinaDate } from '@factoring/domain';
import dayjs, { type Dayjs } from 'dayjs';

/**
 * Today's China date as a date picker's value (midnight of that calendar day in the browser's zone):
 * what a form defaults to and where "no later than today" ends, whatever the browser's own zone is.
 */
export const chinaTodayPick = (): Dayjs => dayjs(chinaDate());
