// The auth face (issue 23): the password cipher, the session store, password confirmation and the login
// refusals other areas and the wiring use. app.ts registers routes.ts itself.
export { confirmPassword } from './confirm-password.ts';
export { refusesDemoUsers, WRONG_CREDENTIALS } from './login.ts';
export { MAX_FAILED_LOGINS } from './login.ts';
export { listMySessions, revokeMySession } from './my-sessions.ts';
export { loadPasswordCipher, type PasswordCipher } from './rsa-keys.ts';
export { SESSION_CACHE_MS, sessionStore, type AuthUser, type SessionStore } from './sessions.ts';
