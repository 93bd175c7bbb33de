import type { AdminDashboard } from '@shop/shared';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { PageState } from '../../components/page-state.js';
import { shopDate } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { useDashboard } from './api.js';
import { barGeometry } from './sales-chart.js';

type Sales = AdminDashboard['sales']['today'];
type Day = AdminDashboard['daily'][number];

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

function SalesCard({ title, sales }: { title: string; sales: Sales }) {
  return (
    <Card className="h-100">
      <Card.Body>
        <h3 className="h6 text-body-secondary mb-1">{title}</h3>
        <p className="fs-4 fw-semibold mb-1">{formatOre(sales.grossOre)}</p>
        <p className="mb-0 small">
          {plural(sales.orders, 'order')}
          {' · '}
          {sales.refundedOre > 0 ? `${formatOre(sales.refundedOre)} refunded` : 'no refunds'}
        </p>
      </Card.Body>
    </Card>
  );
}

/** The chart's own coordinates: ten units a day; the SVG stretches them to the card's width. */
const chartBox = { width: 300, height: 100, gap: 2 };

/** The last 30 days' gross as bars, with the figures as a table for those who cannot see it. */
function SalesChart({ daily }: { daily: Day[] }) {
  const { max, bars } = barGeometry(
    daily.map((day) => day.grossOre),
    chartBox,
  );
  const first = daily[0];
  const last = daily.at(-1);
  if (!first || !last) return null;
  const total = daily.reduce((sum, day) => sum + day.grossOre, 0);
  const best = daily.find((day) => day.grossOre === max);
  const period = `from ${shopDate(first.date)} to ${shopDate(last.date)}`;
  const summary =
    max === 0 || !best
      ? `Daily gross sales ${period}: no sales.`
      : `Daily gross sales ${period}: ${formatOre(total)} in all; the best day was ${shopDate(best.date)} with ${formatOre(max)}.`;
  return (
    <Card>
      <Card.Body>
        <h3 className="h6">Gross sales, last 30 days</h3>
        <div className="small text-body-secondary" aria-hidden="true">
          {formatOre(max)}
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
                  <title>{`${shopDate(day.date)}: ${formatOre(day.grossOre)}, ${plural(day.orders, 'order')}`}</title>
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
          <span>{shopDate(first.date)}</span>
          <span>{shopDate(last.date)} (today)</span>
        </div>
        <details className="mt-2">
          <summary>The figures day by day</summary>
          <Table responsive size="sm" className="mt-2 mb-0 small">
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col" className="text-end">
                  Orders
                </th>
                <th scope="col" className="text-end">
                  Gross
                </th>
                <th scope="col" className="text-end">
                  Refunded
                </th>
              </tr>
            </thead>
            <tbody>
              {[...daily].reverse().map((day) => (
                <tr key={day.date}>
                  <th scope="row" className="fw-normal text-nowrap">
                    {shopDate(day.date)}
                  </th>
                  <td className="text-end">{day.orders}</td>
                  <td className="text-end text-nowrap">{formatOre(day.grossOre)}</td>
                  <td className="text-end text-nowrap">{formatOre(day.refundedOre)}</td>
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
  const alarm = urgent && count > 0;
  return (
    <Col>
      <Card className={`h-100 dashboard-tile${alarm ? ' border-danger' : ''}`}>
        <Card.Body>
          <Link to={to} className="stretched-link text-decoration-none text-body">
            <span className={`d-block fs-3 fw-semibold${alarm ? ' text-danger' : ''}`}>
              {count}
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
  const dashboard = useDashboard();
  const data = dashboard.data;
  return (
    <>
      <h1 className="h3 mb-3">Dashboard</h1>
      <PageState of={dashboard} />
      {data && (
        <>
          <section aria-labelledby="dashboard-to-do" className="mb-4">
            <h2 id="dashboard-to-do" className="h5">
              To do
            </h2>
            <Row xs={2} md={3} xl={5} className="g-3">
              <Tile
                count={data.ordersToPack}
                label="Orders to pack"
                hint="Paid, not packed yet"
                to="/orders?toPack=true"
              />
              <Tile
                count={data.failedCharges}
                label="Failed charges"
                hint="The card could not be charged"
                to="/orders?paymentStatus=CHARGE_FAILED"
                urgent
              />
              <Tile
                count={data.lowStockItems}
                label="Low-stock items"
                hint="At or below their low mark"
                to="/inventory?state=low"
              />
              <Tile
                count={data.pendingReviews}
                label="Reviews to moderate"
                hint="Waiting to be published"
                to="/reviews?status=PENDING"
              />
              <Tile
                count={data.newEnquiries}
                label="New enquiries"
                hint="Not answered yet"
                to="/enquiries?status=new"
              />
            </Row>
          </section>
          <section aria-labelledby="dashboard-sales">
            <h2 id="dashboard-sales" className="h5">
              Sales
            </h2>
            <Row xs={1} md={3} className="g-3 mb-3">
              <Col>
                <SalesCard title="Today" sales={data.sales.today} />
              </Col>
              <Col>
                <SalesCard title="Last 7 days" sales={data.sales.last7Days} />
              </Col>
              <Col>
                <SalesCard title="Last 30 days" sales={data.sales.last30Days} />
              </Col>
            </Row>
            <SalesChart daily={data.daily} />
          </section>
        </>
      )}
    </>
  );
}
