import {
  accountingBuckets,
  accountingQuerySchema,
  shopDay,
  type AccountingAmounts,
  type AccountingReport,
} from '@shop/shared';
import { Fragment, useState, type FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Table from 'react-bootstrap/Table';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { shopDate } from '../../lib/dates.js';
import { formatOre } from '../../lib/format.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { downloadAccountingCsv, useAccountingReport } from './api.js';
import { dayPeriod, monthPeriod, previousMonthPeriod, type Period } from './periods.js';

type PeriodErrors = Partial<Record<keyof Period, string>>;

/** The shared rules the server checks the period by, so a bad one is never sent. */
function periodErrors(period: Period): PeriodErrors {
  const parsed = accountingQuerySchema.safeParse(period);
  const errors: PeriodErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    // The messages name the fields as the API does ("from must…"); here they open a sentence.
    if ((field === 'from' || field === 'to') && !errors[field])
      errors[field] = issue.message.charAt(0).toUpperCase() + issue.message.slice(1);
  }
  return errors;
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

const typeNames = { sale: 'Sale', refund: 'Refund' } as const;

/** Each SAF-T code with the buckets booked under it, in the export's order. */
const saftCodes = [...new Set(accountingBuckets.map((bucket) => bucket.saftCode))].map((code) => ({
  code,
  buckets: accountingBuckets.filter((bucket) => bucket.saftCode === code),
}));

function Amounts({ amounts }: { amounts: AccountingAmounts }) {
  if (amounts.grossOre === 0 && amounts.vatOre === 0)
    return <span className="text-body-secondary">—</span>;
  return (
    <>
      {formatOre(amounts.grossOre)}
      <span className="d-block small text-body-secondary">VAT {formatOre(amounts.vatOre)}</span>
    </>
  );
}

const sumOf = (buckets: Record<string, AccountingAmounts>, field: keyof AccountingAmounts) =>
  Object.values(buckets).reduce((sum, amounts) => sum + amounts[field], 0);

function ReportTable({ report }: { report: AccountingReport }) {
  const { documents, totals } = report;
  if (documents.length === 0)
    return (
      <p className="text-body-secondary">
        No sales or refunds from {shopDate(report.from)} to {shopDate(report.to)}.
      </p>
    );
  // A rate nothing was sold at in the period would be a column of dashes; the CSV has them all.
  const buckets = accountingBuckets.filter((bucket) =>
    documents.some(
      (document) =>
        document.buckets[bucket.key].grossOre !== 0 || document.buckets[bucket.key].vatOre !== 0,
    ),
  );
  const totalVat = sumOf(totals.buckets, 'vatOre');
  const totalNet = sumOf(totals.buckets, 'netOre');
  return (
    <>
      <p className="mb-2">
        {plural(totals.sales, 'sale')} and {plural(totals.refunds, 'refund')}:{' '}
        <strong>{formatOre(totals.grossOre)}</strong> gross, of which VAT {formatOre(totalVat)} and
        net {formatOre(totalNet)}.
      </p>
      <Table responsive size="sm" className="table-admin align-middle accounting-table">
        <caption className="visually-hidden">
          Sales and refunds from {shopDate(report.from)} to {shopDate(report.to)}, gross and VAT by
          bucket
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">Type</th>
            <th scope="col">Document</th>
            <th scope="col">Order</th>
            {buckets.map((bucket) => (
              <th key={bucket.key} scope="col" className="text-end">
                {bucket.label}
                <span className="d-block small fw-normal text-body-secondary">
                  SAF-T code {bucket.saftCode}
                </span>
              </th>
            ))}
            <th scope="col" className="text-end">
              Total
            </th>
            <th scope="col" className="ps-3">
              Payment reference
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={`${document.type} ${document.document}`}>
              <td className="text-nowrap">{shopDate(document.date)}</td>
              <td>{typeNames[document.type]}</td>
              <td className="text-nowrap">{document.document}</td>
              <td>{document.orderNumber}</td>
              {buckets.map((bucket) => (
                <td key={bucket.key} className="text-end text-nowrap">
                  <Amounts amounts={document.buckets[bucket.key]} />
                </td>
              ))}
              <td className="text-end text-nowrap fw-semibold">
                <Amounts
                  amounts={{
                    grossOre: document.grossOre,
                    vatOre: sumOf(document.buckets, 'vatOre'),
                    netOre: sumOf(document.buckets, 'netOre'),
                  }}
                />
              </td>
              <td className="small ps-3 accounting-reference">{document.paymentReference}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="fw-semibold">
            <th scope="row" colSpan={4}>
              Total
            </th>
            {buckets.map((bucket) => (
              <td key={bucket.key} className="text-end text-nowrap">
                <Amounts amounts={totals.buckets[bucket.key]} />
              </td>
            ))}
            <td className="text-end text-nowrap">
              <Amounts
                amounts={{ grossOre: totals.grossOre, vatOre: totalVat, netOre: totalNet }}
              />
            </td>
            <td />
          </tr>
        </tfoot>
      </Table>
    </>
  );
}

/**
 * The owner's accounting report: every sale and refund of a period, split by VAT rate, to hand to
 * the accountant on screen or as the CSV file. The period is kept in the address.
 */
export default function AccountingPage() {
  const { values, update } = useSearchState(['from', 'to'] as const);
  const today = shopDay();
  const thisMonth = monthPeriod(today);
  const period: Period = { from: values.from || thisMonth.from, to: values.to || thisMonth.to };
  const errorsInAddress = periodErrors(period);
  const valid = Object.keys(errorsInAddress).length === 0;
  // A period typed into the form and refused stays in the form, with its messages, until
  // another period is shown (a quick button, back in the browser).
  const shown = `${period.from} ${period.to}`;
  const [refused, setRefused] = useState<{ over: string; errors: PeriodErrors }>();
  const errors = refused?.over === shown ? refused.errors : errorsInAddress;
  const report = useAccountingReport(valid ? period : undefined);
  const toast = useToast();
  const [downloading, setDownloading] = useState(false);

  // Starts the form again from the period chosen, even when that is the one already shown.
  const [round, setRound] = useState(0);
  const choose = (next: Period) => {
    setRefused(undefined);
    setRound((value) => value + 1);
    update({ ...next });
  };
  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const typed = { from: String(form.get('from') ?? ''), to: String(form.get('to') ?? '') };
    const typedErrors = periodErrors(typed);
    if (Object.keys(typedErrors).length > 0) setRefused({ over: shown, errors: typedErrors });
    else choose(typed);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAccountingCsv(period);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : 'The download failed.', 'danger');
    } finally {
      setDownloading(false);
    }
  };
  const presets = [
    { label: 'Today', period: dayPeriod(today) },
    { label: 'This month', period: thisMonth },
    { label: 'Last month', period: previousMonthPeriod(today) },
  ];
  const field = (name: keyof Period, label: string) => (
    <Col xs={6} sm="auto">
      <Form.Label htmlFor={`accounting-${name}`} className="d-block">
        {label}
      </Form.Label>
      <Form.Control
        id={`accounting-${name}`}
        name={name}
        type="date"
        defaultValue={period[name]}
        isInvalid={Boolean(errors[name])}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `accounting-${name}-error` : undefined}
      />
      <Form.Control.Feedback id={`accounting-${name}-error`} type="invalid">
        {errors[name]}
      </Form.Control.Feedback>
    </Col>
  );

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-3 gap-2 flex-wrap">
        <h1 className="h3 mb-0">Accounting</h1>
        <Button
          variant="outline-secondary"
          onClick={() => void download()}
          disabled={!valid || downloading}
        >
          {downloading ? 'Downloading…' : 'Download CSV'}
        </Button>
      </div>
      <ButtonGroup aria-label="Quick periods" className="mb-2">
        {presets.map((preset) => {
          const chosen = preset.period.from === period.from && preset.period.to === period.to;
          return (
            <Button
              key={preset.label}
              variant="outline-primary"
              active={chosen}
              aria-pressed={chosen}
              onClick={() => choose(preset.period)}
            >
              {preset.label}
            </Button>
          );
        })}
      </ButtonGroup>
      <Form
        onSubmit={apply}
        noValidate
        className="mb-3"
        aria-label="Period"
        key={`${round} ${shown}`}
      >
        <Row className="g-2 align-items-start">
          {field('from', 'From')}
          {field('to', 'To')}
          <Col xs={12} sm="auto" className="accounting-show">
            <Button type="submit" className="w-100">
              Show
            </Button>
          </Col>
        </Row>
      </Form>
      {valid && <PageState of={report} />}
      {valid && report.data && (
        <div className={report.isFetching ? 'opacity-50' : undefined} aria-busy={report.isFetching}>
          <ReportTable report={report.data} />
        </div>
      )}
      <section aria-labelledby="accounting-codes" className="mt-4 small">
        <h2 id="accounting-codes" className="h6">
          How the report is booked
        </h2>
        <p className="mb-2">
          A sale is dated the day its payment was charged, a refund the day the money went back; a
          refund is a credit note, with negative amounts. Each document is split by VAT rate, and
          its output VAT belongs under these standard SAF-T VAT codes:
        </p>
        <dl className="row mb-2">
          {saftCodes.map(({ code, buckets }) => (
            <Fragment key={code}>
              <dt className="col-4 col-sm-2">Code {code}</dt>
              <dd className="col-8 col-sm-10 mb-1">
                {buckets.map((bucket) => bucket.label).join(', ')}
              </dd>
            </Fragment>
          ))}
        </dl>
        <p className="mb-0 text-body-secondary">
          The CSV file has the net, VAT and gross of every bucket, with semicolons between the
          columns and decimal commas, and opens in Excel as it is.
        </p>
      </section>
    </>
  );
}
