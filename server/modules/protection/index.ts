/**
 * Play safely: reality checks, daily limits, breaks and self-exclusion, and the gates that refuse
 * coin play meanwhile. The module's entry: other modules and the app import only what this file
 * exports (docs/decisions/0026-module-boundaries.md).
 */
export { protectionCommands } from './admin';
export { forgetPlayer, limitsAllow, notBlocked } from './gate';
export { controlChanges } from './listener';
export { default as protectionRoutes } from './routes';
export { assertMayPlay, blockedAt, controlHistory, dayStart, marketingAllowed, playControlsOf, refusalNow, stateOf } from './service';
