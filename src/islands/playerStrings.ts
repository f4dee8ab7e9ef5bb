/**
 * The strings of the signed-in header's parts (account menu, balance, daily bonus, raffle button, tab
 * bar bonus): loaded with those parts, on a player's page only (a player-protection refusal's text
 * loads with the refusal, src/islands/account/protectionText.ts).
 */
import 'virtual:strings?auth.menu,progress.daily,raffle.button,raffle.menu,wallet.balance,wallet.daily';
