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
import { RichText, useFormat, useMessage, useT, type Translate } from '../../lib/i18n.js';
import { useSearchState } from '../../lib/use-search-state.js';
import { downloadAccountingCsv, useAccountingReport } from './api.js';
import type en from './i18n/en.json';
import { dayPeriod, monthPeriod, previousMonthPeriod, type Period } from './periods.js';

type PeriodErrors = Partial<Record<keyof Period, string>>;

const periodFields = ['from', 'to'] as const;

/**
 * The shared rules the server checks the period by, so a bad one is never sent; each message in
 * the staff member's words (`message`).
 */
function periodErrors(period: Period, message: (text: string) => string): PeriodErrors {
  const parsed = accountingQuerySchema.safeParse(period);
  const errors: PeriodErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0];
    // The messages name the fields as the API does ("from must…"); here they open a sentence.
    if ((field === 'from' || field === 'to') && !errors[field]) {
      const text = message(issue.message);
      errors[field] = text.charAt(0).toUpperCase() + text.slice(1);
    }
  }
  return errors;
}

/** Each SAF-T code with the buckets booked under it, in the export's order. */
const saftCodes = [...new Set(accountingBuckets.map((bucket) => bucket.saftCode))].map((code) => ({
  code,
  buckets: accountingBuckets.filter((bucket) => bucket.saftCode === code),
}));

const bucketLabel = (t: Translate<keyof typeof en>, bucket: (typeof accountingBuckets)[number]) =>
  t('accounting.bucket', { kind: bucket.kind, rate: bucket.rate });

function Amounts({ amounts }: { amounts: AccountingAmounts }) {
  const t = useT<typeof en>();
  const format = useFormat();
  if (amounts.grossOre === 0 && amounts.vatOre === 0)
    return <span className="text-body-secondary">—</span>;
  return (
    <>
      {format.ore(amounts.grossOre)}
      <span className="d-block small text-body-secondary">
        {t('accounting.vat', { amount: format.ore(amounts.vatOre) })}
      </span>
    </>
  );
}

const sumOf = (buckets: Record<string, AccountingAmounts>, field: keyof AccountingAmounts) =>
  Object.values(buckets).reduce((sum, amounts) => sum + amounts[field], 0);

function ReportTable({ report }: { report: AccountingReport }) {
  const t = useT<typeof en>();
  const format = useFormat();
  const { documents, totals } = report;
  const days = { from: format.day(report.from), to: format.day(report.to) };
  if (documents.length === 0)
    return <p className="text-body-secondary">{t('accounting.nothing', days)}</p>;
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
        <RichText<typeof en>
          id="accounting.summary"
          values={{
            sales: totals.sales,
            refunds: totals.refunds,
            gross: format.ore(totals.grossOre),
            vat: format.ore(totalVat),
            net: format.ore(totalNet),
          }}
          components={{ 0: <strong /> }}
        />
      </p>
      <Table responsive size="sm" className="table-admin align-middle accounting-table">
        <caption className="visually-hidden">{t('accounting.caption', days)}</caption>
        <thead>
          <tr>
            <th scope="col">{t('accounting.date')}</th>
            <th scope="col">{t('accounting.type')}</th>
            <th scope="col">{t('accounting.document')}</th>
            <th scope="col">{t('accounting.order')}</th>
            {buckets.map((bucket) => (
              <th key={bucket.key} scope="col" className="text-end">
                {bucketLabel(t, bucket)}
                <span className="d-block small fw-normal text-body-secondary">
                  {t('accounting.saftCode', { code: bucket.saftCode })}
                </span>
              </th>
            ))}
            <th scope="col" className="text-end">
              {t('accounting.total')}
            </th>
            <th scope="col" className="ps-3">
              {t('accounting.paymentReference')}
            </th>
          </tr>
        </thead>
        <tbody>
          {documents.map((document) => (
            <tr key={`${document.type} ${document.document}`}>
              <td className="text-nowrap">{format.day(document.date)}</td>
              <td>{t('accounting.typeName', { type: document.type })}</td>
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
              {t('accounting.total')}
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
  const t = useT<typeof en>();
  const message = useMessage();
  const { values, update } = useSearchState(['from', 'to'] as const);
  const today = shopDay();
  const thisMonth = monthPeriod(today);
  const period: Period = { from: values.from || thisMonth.from, to: values.to || thisMonth.to };
  const errorsInAddress = periodErrors(period, message);
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
    const typedErrors = periodErrors(typed, message);
    if (Object.keys(typedErrors).length > 0) setRefused({ over: shown, errors: typedErrors });
    else choose(typed);
  };
  const download = async () => {
    setDownloading(true);
    try {
      await downloadAccountingCsv(period);
    } catch (error) {
      toast(error instanceof ApiError ? error.message : t('accounting.downloadFailed'), 'danger');
    } finally {
      setDownloading(false);
    }
  };
  const presets = [
    { label: t('accounting.today'), period: dayPeriod(today) },
    { label: t('accounting.thisMonth'), period: thisMonth },
    { label: t('accounting.lastMonth'), period: previousMonthPeriod(today) },
  ];
  const fieldLabels = { from: t('accounting.from'), to: t('accounting.to') };
  const field = (name: keyof Period) => (
    <Col key={name} xs={6} sm="auto">
      <Form.Label htmlFor={`accounting-${name}`} className="d-block">
        {fieldLabels[name]}
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
        <h1 className="h3 mb-0">{t('accounting.title')}</h1>
        <Button
          variant="outline-secondary"
          onClick={() => void download()}
          disabled={!valid || downloading}
        >
          {downloading ? t('accounting.downloading') : t('accounting.download')}
        </Button>
      </div>
      <ButtonGroup aria-label={t('accounting.quickPeriods')} className="mb-2">
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
        aria-label={t('accounting.period')}
        key={`${round} ${shown}`}
      >
        <Row className="g-2 align-items-start">
          {periodFields.map(field)}
          <Col xs={12} sm="auto" className="accounting-show">
            <Button type="submit" className="w-100">
              {t('accounting.show')}
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
          {t('accounting.howBooked')}
        </h2>
        <p className="mb-2">{t('accounting.howBookedText')}</p>
        <dl className="row mb-2">
          {saftCodes.map(({ code, buckets }) => (
            <Fragment key={code}>
              <dt className="col-4 col-sm-2">{t('accounting.code', { code })}</dt>
              <dd className="col-8 col-sm-10 mb-1">
                {buckets.map((bucket) => bucketLabel(t, bucket)).join(', ')}
              </dd>
            </Fragment>
          ))}
        </dl>
        <p className="mb-0 text-body-secondary">{t('accounting.csvText')}</p>
      </section>
    </>
  );
}
