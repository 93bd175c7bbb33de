import Badge from 'react-bootstrap/Badge';
import Nav from 'react-bootstrap/Nav';
import { NavLink } from 'react-router';
import { useT } from '../../lib/i18n.js';
import { useOrdersToPack } from './api.js';
import type en from './i18n/en.json';

/**
 * Beside Orders in the navigation (issue 34.1): how many orders wait to be packed, a link to the
 * list filtered to them. It asks the server every 30 seconds and when the tab comes back, so a new
 * order shows without a reload; the count is the database's, the same in every server process.
 * Nothing is shown while there is nothing to pack, or while the count cannot be had.
 */
export function OrdersToPackBadge({ onClick }: { onClick?: () => void }) {
  const t = useT<typeof en>();
  const toPack = useOrdersToPack();
  const count = toPack.data?.count ?? 0;
  if (count === 0) return null;
  const label = t('orders.toPack.label', { count });
  return (
    <Nav.Link
      as={NavLink}
      to="/orders?toPack=true"
      end
      aria-label={label}
      title={label}
      className="ps-0"
      onClick={onClick}
    >
      <Badge bg="warning" text="dark" pill>
        {count}
      </Badge>
    </Nav.Link>
  );
}
