import { RESERVATION_WARNING_DAYS, type AdminDashboard } from '@shop/shared';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { useDashboard } from './api.js';
import { barGeometry } from './sales-chart.js';
import { useFormat, useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

type Sales = AdminDashboard['sales']['today'];
type Day = AdminDashboard['daily'][number];

function SalesCard({ title, sales }: { title: string; sales: Sales }) {
  const t = useT<typeof en>();
  const format = useFormat();
  return (
    <Card className="h-100">
      <Card.Body>
        <h3 className="h6 text-body-secondary mb-1">{title}</h3>
        <p className="fs-4 fw-semibold mb-1">{format.ore(sales.grossOre)}</p>
        <p className="mb-0 small">
          {t('dashboard.orders', { count: sales.orders })}
          {' · '}
          {sales.refundedOre > 0
            ? t('dashboard.refunded', { amount: format.ore(sales.refundedOre) })
            : t('dashboard.noRefunds')}
        </p>
      </Card.Body>
    </Card>
  );
}

/** The chart's own coordinates: ten units a day; the SVG stretches them to the card's width. */
const chartBox = { width: 300, height: 100, gap: 2 };

/** The last 30 days' gross as bars, with the figures as a table for those who cannot see it. */
function SalesChart({ daily }: { daily: Day[] }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const { max, bars } = barGeometry(
    daily.map((day) => day.grossOre),
    chartBox,
  );
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return null;
  const total = daily.reduce((sum, day) => sum + day.grossOre, 0);
  const best = daily.find((day) => day.grossOre === max);
  const period = { first: format.day(first.date), last: format.day(last.date) };
  const summary =
    max === 0 || !best
      ? t('dashboard.chartNoSales', period)
      : t('dashboard.chartSummary', {
          ...period,
          total: format.ore(total),
          best: format.day(best.date),
          max: format.ore(max),
        });
  return (
    <Card>
      <Card.Body>
        <h3 className="h6">{t('dashboard.chartTitle')}</h3>
        <div className="small text-body-secondary" aria-hidden="true">
          {format.ore(max)}
        </div>
        <svg
          className="sales-chart text-primary"
          viewBox={`0 0 ${chartBox.width} ${chartBox.height}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
        >
          <line
            x1={0}
            x2={chartBox.width}
            y1={0}
            y2={0}
            className="sales-chart-grid"
            strokeDasharray="4 4"
            vectorEffect="non-scaling-stroke"
          />
          {bars.map((bar, index) => {
            const day = daily[index];
            return (
              day && (
                <rect key={day.date} {...bar} fill="currentColor">
                  <title>
                    {t('dashboard.barTitle', {
                      day: format.day(day.date),
                      amount: format.ore(day.grossOre),
                      count: day.orders,
                    })}
                  </title>
                </rect>
              )
            );
          })}
          <line
            x1={0}
            x2={chartBox.width}
            y1={chartBox.height}
            y2={chartBox.height}
            className="sales-chart-axis"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
        <div
          className="d-flex justify-content-between small text-body-secondary"
          aria-hidden="true"
        >
          <span>{format.day(first.date)}</span>
          <span>{t('dashboard.today', { day: format.day(last.date) })}</span>
        </div>
        <details className="mt-2">
          <summary>{t('dashboard.figures')}</summary>
          <Table responsive size="sm" className="mt-2 mb-0 small">
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                <th scope="col" className="text-end">
                  {t('dashboard.ordersColumn')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.gross')}
                </th>
                <th scope="col" className="text-end">
                  {t('dashboard.refundedColumn')}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {format.day(day.date)}
                  </th>
                  <td className="text-end">{format.number(day.orders)}</td>
                  <td className="text-end text-nowrap">{format.ore(day.grossOre)}</td>
                  <td className="text-end text-nowrap">{format.ore(day.refundedOre)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </details>
      </Card.Body>
    </Card>
  );
}

interface TileProps {
  count: number;
  label: string;
  hint: string;
  to: string;
  /** Shown in red while there is any: money the shop has not got. */
  urgent?: boolean;
}

function Tile({ count, label, hint, to, urgent = false }: TileProps) {
  const format = useFormat();
  const alarm = urgent && count > 0;
  return (
    <Col>
      <Card className={`h-100 dashboard-tile${alarm ? ' border-danger' : ''}`}>
        <Card.Body>
          <Link to={to} className="stretched-link text-decoration-none text-body">
            <span className={`d-block fs-3 fw-semibold${alarm ? ' text-danger' : ''}`}>
              {format.number(count)}
            </span>
            <span className="d-block fw-semibold">{label}</span>
          </Link>
          <p className="small text-body-secondary mb-0">{hint}</p>
        </Card.Body>
      </Card>
    </Col>
  );
}

/** The back office's first page: how sales go, and what waits for someone to act on it. */
export default function DashboardPage() {
  const t = useT<typeof en>();
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <>
      <h1 className="h3 mb-3">{t('dashboard.title')}</h1>
      <PageState of={dashboard} />
      {data && (
        <>
          <section aria-labelledby="dashboard-to-do" className="mb-4">
            <h2 id="dashboard-to-do" className="h5">
              {t('dashboard.toDo')}
            </h2>
            <Row xs={2} md={3} xl={6} className="g-3">
              <Tile
                count={data.ordersToPack}
                label={t('dashboard.toPack')}
                hint={t('dashboard.toPackHint')}
                to="/orders?toPack=true"
              />
              <Tile
                count={data.failedCharges}
                label={t('dashboard.failedCharges')}
                hint={t('dashboard.failedChargesHint')}
                to="/orders?paymentStatus=CHARGE_FAILED"
                urgent
              />
              <Tile
                count={data.expiringReservations}
                label={t('dashboard.expiringReservations')}
                hint={t('dashboard.expiringReservationsHint', { days: RESERVATION_WARNING_DAYS })}
                to="/orders?reservationExpiring=true"
                urgent
              />
              <Tile
                count={data.lowStockItems}
                label={t('dashboard.lowStock')}
                hint={t('dashboard.lowStockHint')}
                to="/inventory?state=low"
              />
              <Tile
                count={data.pendingReviews}
                label={t('dashboard.reviews')}
                hint={t('dashboard.reviewsHint')}
                to="/reviews?status=PENDING"
              />
              <Tile
                count={data.newEnquiries}
                label={t('dashboard.enquiries')}
                hint={t('dashboard.enquiriesHint')}
                to="/enquiries?status=new"
              />
            </Row>
          </section>
          <section aria-labelledby="dashboard-sales">
            <h2 id="dashboard-sales" className="h5">
              {t('dashboard.sales')}
            </h2>
            <Row xs={1} md={3} className="g-3 mb-3">
              <Col>
                <SalesCard title={t('dashboard.salesToday')} sales={data.sales.today} />
              </Col>
              <Col>
                <SalesCard title={t('dashboard.sales7')} sales={data.sales.last7Days} />
              </Col>
              <Col>
                <SalesCard title={t('dashboard.sales30')} sales={data.sales.last30Days} />
              </Col>
            </Row>
            <SalesChart daily={data.daily} />
          </section>
        </>
      )}
    </>
  );
}
