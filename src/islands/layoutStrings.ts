/**
 * The strings of the main layout's islands in one chunk: header (account menu, balance, daily bonus,
 * raffle button), tab bar bonus, toasts, maintenance banner and what they say on a failure. Every
 * page with the main layout loads it; the islands of the page itself add their own.
 */
import 'virtual:strings?auth.menu,auth.session,common.header,common.maintenance,common.toast,errors.TECHNICAL_ERROR,protection.indefinitely,raffle.button,raffle.menu,wallet.balance,wallet.daily';
