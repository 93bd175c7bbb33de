import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import {
  paymentCaptureMoments,
  paymentSettingsSchema,
  type PaymentCaptureMoment,
  type PaymentSettings,
} from '@shop/shared';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useSession } from '../../lib/use-session.js';
import { usePaymentSettings, useSavePaymentSettings } from './api.js';
import type en from './i18n/en.json';

const fields = Object.keys(paymentSettingsSchema.shape);

const momentLabels: Record<PaymentCaptureMoment, keyof typeof en> = {
  shipped: 'settings.payments.shipped',
  ordered: 'settings.payments.ordered',
};

/**
 * When the shop captures the payments it reserved at the order (issue 32.3). Every staff member
 * sees the choice, since it says when an order's money comes in; only the owner changes it.
 */
export function PaymentSettingsSection() {
  const t = useT<typeof en>();
  const loaded = usePaymentSettings();
  return (
    <section aria-labelledby="settings-payments" className="mt-5">
      <h2 id="settings-payments" className="h4">
        {t('settings.payments.title')}
      </h2>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <PaymentSettingsForm key={loaded.data.paymentCapture} settings={loaded.data} />
      )}
    </section>
  );
}

function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const owner = useSession()?.role === 'owner';
  const save = useSavePaymentSettings();
  const [problem, setProblem] = useState<string>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PaymentSettings>({
    resolver: zodResolver(paymentSettingsSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await save(values);
      toast(t('settings.payments.saved'));
    } catch (error) {
      setProblem(showServerErrors(error, setError, fields));
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings.payments.form')}>
      {problem && <Alert variant="danger">{message(problem)}</Alert>}
      <Card>
        <Card.Body>
          <fieldset>
            <legend className="h5">{t('settings.payments.capture')}</legend>
            <p className="small text-body-secondary">{t('settings.payments.captureHelp')}</p>
            {paymentCaptureMoments.map((moment) => (
              <Form.Check
                key={moment}
                type="radio"
                id={`payment-capture-${moment}`}
                label={t(momentLabels[moment])}
                value={moment}
                disabled={!owner}
                {...register('paymentCapture')}
              />
            ))}
            {errors.paymentCapture?.message && (
              <div className="text-danger small mt-1">{message(errors.paymentCapture.message)}</div>
            )}
          </fieldset>
          {!owner && (
            <p className="small text-body-secondary mt-3 mb-0">
              {t('settings.payments.ownerOnly')}
            </p>
          )}
        </Card.Body>
      </Card>
      {owner && (
        <div className="d-flex gap-2 align-items-center mt-3">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? t('settings.shop.saving') : t('settings.payments.save')}
          </Button>
          {isDirty && (
            <span className="small text-body-secondary">{t('settings.shop.unsaved')}</span>
          )}
        </div>
      )}
    </Form>
  );
}
