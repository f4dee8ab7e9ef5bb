/**
 * The strings of the house game frame itself, in one chunk: its bar, round errors, the fairness
 * drawer and the reality check. Each game's module adds its own section (games.slot...).
 */
import 'virtual:strings?games.cards,games.fairness,games.house,games.launch,protection.continue,protection.realityBody,protection.realityNet,protection.realityTitle,protection.roundBreak,protection.roundExcluded,protection.roundLimit,protection.stop';
