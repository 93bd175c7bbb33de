/** The audit module's public face: the only file other modules and app.ts import. */
export { type Actor, changedFields, eraseFromAuditEntries, recordAudit } from './audit.service.js';
export { auditModule } from './audit.module.js';
