/** The cart module's public face: the only file other modules and app.ts import. */
export { checkStock, priceCart } from './cart.service.js';
export { cartModule } from './cart.module.js';
