import type { EnquiryStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';
import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** New enquiries stand out; handled ones recede. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  const t = useT<typeof en>();
  return status === 'new' ? (
    <Badge bg="warning" text="dark">
      {t('enquiries.new')}
    </Badge>
  ) : (
    <Badge bg="secondary">{t('enquiries.handledBadge')}</Badge>
  );
}
