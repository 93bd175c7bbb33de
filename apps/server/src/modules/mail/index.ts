/** The mail module's public face: the only file other modules and app.ts import. */
export {
  buildMail,
  linkBase,
  type MailBlock,
  mailWords,
  type MailWords,
  openingHours,
  storefrontLink,
} from './mail-layout.js';
export {
  enqueueMail,
  forgetMailsAbout,
  forgetMailsOf,
  type MailAttachment,
  type MailDraft,
} from './mail.service.js';
export { createMailWorker } from './mail.worker.js';
export { mailModule } from './mail.module.js';
