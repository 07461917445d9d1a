// How personal numbers are shown in lists and to other parties (a warehouse clerk, an operator's
// list): enough to match the person in front of you, not enough to reuse the number.

/** An ID card number with its region code and last four characters: 110101********123X. */
export function maskIdCard(id: string): string {
  if (id.length <= 10) return '*'.repeat(id.length);
  return `${id.slice(0, 6)}${'*'.repeat(id.length - 10)}${id.slice(-4)}`;
}

/** A mobile number with its first three and last four digits: 138****5678. */
export function maskMobile(mobile: string): string {
  if (mobile.length < 8) return '*'.repeat(mobile.length);
  return `${mobile.slice(0, 3)}${'*'.repeat(mobile.length - 7)}${mobile.slice(-4)}`;
}

/** A bank account number with its last four digits, grouped as the bank shows it: **** **** 1234. */
export function maskBankAccount(accountNo: string): string {
  if (accountNo.length <= 4) return '*'.repeat(accountNo.length);
  return `**** ${accountNo.slice(-4)}`;
}
