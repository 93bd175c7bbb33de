/** The customers module's public face: the only file other modules and app.ts import. */
export { customersModule } from './customers.module.js';
