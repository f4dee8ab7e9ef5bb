/**
 * The slider puzzle that guards sign-up and sign-in. The module's entry: other modules and the app
 * import only what this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { default as captchaRoutes } from './routes';
export { verifyCaptcha } from './service';
