/**
 * The tournaments lobby and leaderboard races (raffles are stored as tournaments too: their rows
 * and status live here). The module's entry: other modules and the app import only what this file
 * exports (docs/decisions/0026-module-boundaries.md).
 */
export { cancelRace, createRace, staffRaceList, tournamentCommands, updateRaceTexts } from './admin';
export { raffleStatus, toTournaments, type TournamentRow } from './entity';
export { default as tournamentRoutes } from './routes';
export { seedDemoRaces } from './seed';
