/**
 * The shared live tables (docs/decisions/0025-live-tables.md): roulette and baccarat rounds on a clock
 * that every player at a table plays together. Other modules and the app use only what is here.
 * - service.ts: createLive, one server's side (hub, broker, runner);
 * - runner.ts: the tables' clocks under a lease, settlement and refunds through the wallet;
 * - hub.ts: this server's watchers and their Server-Sent Events; broker.ts: the stream between servers;
 * - bets.ts: a bet; chain.ts: the seeds' hash chain; state.ts: reads of rounds, bets and chains.
 */
export { createLive, type Live } from './service';
export { default as liveRoutes } from './routes';
