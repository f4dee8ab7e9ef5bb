/**
 * The strings of the house game frame itself, in one chunk: its bar, round errors, the fairness
 * drawer and the reality check. Each game's module adds its own sections (games.slot; the card
 * games games.cards too).
 */
import 'virtual:strings?games.fairness,games.house,games.launch,protection.continue,protection.realityBody,protection.realityNet,protection.realityTitle,protection.roundBreak,protection.roundExcluded,protection.roundLimit,protection.stop';
