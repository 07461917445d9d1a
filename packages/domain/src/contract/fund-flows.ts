/** One line of the fund-flow list (`/api/funds/flows`): a movement of the enterprise's virtual account. */
export interface FundFlow {
  id: number;
  entryId: number;
  refNo: string;
  createdAt: string;
  flowType: string;
  typeLabel: string;
  direction: 'IN' | 'OUT';
  amount: number;
  bucket: 'AVAILABLE' | 'CONTROLLED';
  counterpartyName: string | null;
  counterpartyAccount: string | null;
  memo: string | null;
}
