/**
 * Player accounts and sessions: sign-up, sign-in, password reset, account settings; password
 * hashing for the other sign-ins. The module's entry: other modules and the app import only what
 * this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { accountCommands } from './admin';
export { burnVerifyTime, hashPassword, isCommonPassword, verifyPassword } from './passwords';
export { default as authRoutes } from './routes';
