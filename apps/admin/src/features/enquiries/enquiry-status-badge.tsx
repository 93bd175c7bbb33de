import type { EnquiryStatus } from '@shop/shared';
import Badge from 'react-bootstrap/Badge';

/** New enquiries stand out; handled ones recede. */
export function EnquiryStatusBadge({ status }: { status: EnquiryStatus }) {
  return status === 'new' ? (
    <Badge bg="warning" text="dark">
      New
    </Badge>
  ) : (
    <Badge bg="secondary">Handled</Badge>
  );
}
