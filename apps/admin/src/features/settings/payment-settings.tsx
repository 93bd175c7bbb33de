import { zodResolver } from '@hookform/resolvers/zod';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import {
  paymentCaptureMoments,
  paymentSettingsSchema,
  type PaymentCaptureMoment,
  type PaymentSettings,
} from '@shop/shared';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { usePaymentSettings, useSavePaymentSettings } from './api.js';
import type en from './i18n/en.json';
import { SettingsForm, SettingsSection, useSettingsSave } from './settings-section.js';

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
  return (
    <SettingsSection
      id="settings-payments"
      title={t('settings.payments.title')}
      loaded={usePaymentSettings()}
      form={(settings) => <PaymentSettingsForm settings={settings} />}
    />
  );
}

function PaymentSettingsForm({ settings }: { settings: PaymentSettings }) {
  const t = useT<typeof en>();
  const message = useMessage();
  const { owner, problem, send } = useSettingsSave(
    useSavePaymentSettings(),
    t('settings.payments.saved'),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PaymentSettings>({
    resolver: zodResolver(paymentSettingsSchema),
    defaultValues: settings,
  });

  const submit = handleSubmit((values) =>
    send(values, (error) => showServerErrors(error, setError, fields)),
  );

  return (
    <SettingsForm
      label={t('settings.payments.form')}
      onSubmit={submit}
      problem={problem}
      owner={owner}
      ownerOnly={t('settings.payments.ownerOnly')}
      saveText={t('settings.payments.save')}
      isSubmitting={isSubmitting}
      isDirty={isDirty}
    >
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
    </SettingsForm>
  );
}
