// The account face (issue 23): what other areas may use of registration, login names and passwords.
// app.ts registers routes.ts itself.
export { uniqueViolation } from './rules.ts';
export { enterpriseNames } from './enterprise-names.ts';
export { enterpriseDirectory, enterpriseDirectoryAs } from './enterprise-directory.ts';
export { userDirectory, userDirectoryAs, userStateDirectory, userStateDirectoryAs } from './user-directory.ts';
export { attemptPassword, LOCK_MINUTES, MAX_FAILED_LOGINS, type AttemptResult } from './password-attempts.ts';
export { checkOperatorFields, countOperators, createOperator } from './create-operator.ts';
export { switchPurchaseSales } from './purchase-sales-switch.ts';
export { certifyEnterprise, lockEnterprise } from './certify-enterprise.ts';
