/**
 * The strings of the signed-in header's parts (account menu, balance, daily bonus, raffle button, tab
 * bar bonus) and of player-protection refusals: loaded with those parts, on a player's page only.
 */
import 'virtual:strings?auth.menu,progress.daily,protection.indefinitely,raffle.button,raffle.menu,wallet.balance,wallet.daily';
