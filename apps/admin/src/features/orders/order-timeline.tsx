import type { AdminOrder } from '@shop/shared';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';
import { describeEvent, eventActor } from './timeline-events.js';

/** Everything that happened to the order, oldest first, with who did it. */
export function OrderTimeline({ order }: { order: AdminOrder }) {
  const t = useT<typeof en>();
  const format = useFormat();
  if (order.timeline.length === 0)
    return <p className="text-body-secondary mb-0">{t('orders.timeline.empty')}</p>;
  return (
    <ol className="order-timeline list-unstyled mb-0">
      {order.timeline.map((event) => {
        const { title, details } = describeEvent(event, t, format);
        return (
          <li key={event.id} className={`order-timeline-event order-timeline-${event.kind}`}>
            <div className="fw-semibold">{title}</div>
            {details.map((detail, index) => (
              <div key={index} className="small text-break order-timeline-detail">
                {detail}
              </div>
            ))}
            <div className="small text-body-secondary">
              <time dateTime={event.createdAt}>{format.dateTime(event.createdAt)}</time>
              {' · '}
              {eventActor(t, event)}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
