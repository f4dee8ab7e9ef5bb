/**
 * The durable outbox for emails and SMS: enqueue in the causing transaction, delivered once by a
 * worker over SMTP, the SMS gateway or the development mailbox. The module's entry: other modules
 * and the app import only what this file exports (docs/decisions/0026-module-boundaries.md).
 */
export { outboxCommands } from './admin';
export { default as outboxRoutes } from './routes';
export { enqueue, type Outbox, type OutgoingMessage } from './service';
export { createOutbox } from './setup';
