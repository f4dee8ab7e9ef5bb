/**
 * The localised email templates (locales/<lang>/mail.json); emails leave through the outbox. The
 * module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { renderMail } from './mailer';
