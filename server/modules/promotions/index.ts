/**
 * Promotions (the shipped content files and the back-office's edits) and their bonuses. The
 * module's entry: other modules and the app import only what this file exports
 * (docs/decisions/0026-module-boundaries.md).
 */
export { default as promotionRoutes } from './routes';
export { currentPromotions, insertPromotion, listPromotions, updatePromotion } from './service';
