import type { AdminOrder } from '@shop/shared';
import { shopDateTime } from '../../lib/dates.js';
import { describeEvent, eventActor } from './timeline-events.js';

/** Everything that happened to the order, oldest first, with who did it. */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  if (order.timeline.length === 0)
    return <p className="text-body-secondary mb-0">Nothing recorded yet.</p>;
  return (
    <ol className="order-timeline list-unstyled mb-0">
      {order.timeline.map((event) => {
        const { title, details } = describeEvent(event);
        return (
          <li key={event.id} className={`order-timeline-event order-timeline-${event.kind}`}>
            <div className="fw-semibold">{title}</div>
            {details.map((detail, index) => (
              <div key={index} className="small text-break order-timeline-detail">
                {detail}
              </div>
            ))}
            <div className="small text-body-secondary">
              <time dateTime={event.createdAt}>{shopDateTime(event.createdAt)}</time> ·{' '}
              {eventActor(event)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
