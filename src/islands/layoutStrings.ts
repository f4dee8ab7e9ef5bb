/**
 * The strings of the main layout's islands in one chunk: the header for a visitor (sign in, register),
 * the session's toasts, toasts, maintenance banner and what they say on a failure. Every page with the
 * main layout loads it; the player's header parts load theirs with them (playerStrings.ts), the
 * islands of the page itself add their own.
 */
import 'virtual:strings?auth.session,common.header,common.maintenance,common.toast,errors.TECHNICAL_ERROR';
