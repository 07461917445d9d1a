// The account face (issue 23): what other areas may use of registration, login names and passwords.
// app.ts registers routes.ts itself.
export { uniqueViolation } from './rules.ts';
export { enterpriseNames } from './enterprise-names.ts';
export { enterpriseDirectory, enterpriseDirectoryAs } from './enterprise-directory.ts';
export { userDirectory, userDirectoryAs } from './user-directory.ts';
export { checkOperatorFields, countOperators, createOperator } from './create-operator.ts';
