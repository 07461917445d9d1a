export interface BankAccount {
  accountName: string;
  bankBranchName: string;
  accountNo: string;
}

/** `/api/initcfg`: the site configuration of SPEC §3 as the web receives it (fees in cents). */
export interface InitConfig {
  factoringAccount: BankAccount;
  secondAccount: BankAccount;
  virtualAccountBankName: string;
  fees: { withdraw: number; inTransfer: number };
  contactPhone: string;
  address: string;
  companyIntro: string;
  embeds: { index: number; title: string }[];
}
