/** An enterprise's bound settlement account (PRODUCT §4): where withdrawals go, with its bank branch. */
export interface SettlementAccount {
  accountName: string;
  accountNo: string;
  bankCode: string;
  bankName: string;
  provinceCode: string;
  provinceName: string;
  cityCode: string;
  cityName: string;
  unionBankNo: string;
  branchName: string;
}
