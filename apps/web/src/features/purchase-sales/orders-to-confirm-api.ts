import { purchaseSalesApi as api } from '@factoring/domain/contract';
import { useQuery } from '@tanstack/react-query';
import { queryOf } from '../../lib/api-client.ts';

// Orders sent to the enterprise that wait for its confirmation: one operation of the contract
// (purchaseSalesApi.toConfirm, packages/domain/src/contract/purchase-sales/), for the dashboard's to-do card.

/** Asked once the enterprise is certified; a card whose area is unavailable fails alone (no retry). */
export const useOrdersToConfirm = (enabled: boolean) => useQuery({ ...queryOf(api.toConfirm), enabled, retry: false });
