import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import {
  formatOrganisationNumber,
  paymentMethodLogos,
  paymentMethodNames,
  type ShopDetailsEditor,
} from '@shop/shared';
import { EnglishFallback } from '../../components/english-fallback.js';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useMessage, useT } from '../../lib/i18n.js';
import { useSaveShopDetails, useShopDetailsEditor } from './api.js';
import type en from './i18n/en.json';
import { FeedSettingsSection } from './feed-settings.js';
import { NotificationSettingsSection } from './notification-settings.js';
import { PaymentSettingsSection } from './payment-settings.js';
import {
  formFromDetails,
  shopDetailsForm,
  type ShopDetailsFormInput,
  type ShopDetailsFormOutput,
} from './shop-details-form.js';

const fields = Object.keys(shopDetailsForm.shape);

type LinkField = keyof Pick<
  ShopDetailsFormInput,
  'facebookUrl' | 'instagramUrl' | 'youtubeUrl' | 'appStoreUrl' | 'googlePlayUrl' | 'chatUrl'
>;

/** The links by the names of the services, which read the same in every language. */
const serviceLinks: { name: LinkField; label: string; placeholder: string }[] = [
  { name: 'facebookUrl', label: 'Facebook', placeholder: 'https://www.facebook.com/…' },
  { name: 'instagramUrl', label: 'Instagram', placeholder: 'https://www.instagram.com/…' },
  { name: 'youtubeUrl', label: 'YouTube', placeholder: 'https://www.youtube.com/@…' },
  { name: 'appStoreUrl', label: 'App Store', placeholder: 'https://apps.apple.com/…' },
  {
    name: 'googlePlayUrl',
    label: 'Google Play',
    placeholder: 'https://play.google.com/store/apps/…',
  },
];
const chatPlaceholder = 'https://wa.me/47…';

/**
 * Shop → Shop details: who the shop is, as the storefront, mails and receipts show it, when the
 * shop takes its payments, who hears of its orders and low stock, and which product feeds it
 * publishes.
 */
export default function SettingsPage() {
  const t = useT<typeof en>();
  const loaded = useShopDetailsEditor();
  return (
    <>
      <h1 className="h3 mb-1">{t('settings.shop.title')}</h1>
      <p className="text-body-secondary">{t('settings.shop.intro')}</p>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <ShopDetailsEditorForm
          key={loaded.data.savedAt ?? 'defaults'}
          details={loaded.data}
          onReload={() => void loaded.refetch()}
        />
      )}
      <PaymentSettingsSection />
      <NotificationSettingsSection />
      <FeedSettingsSection />
    </>
  );
}

function ShopDetailsEditorForm({
  details,
  onReload,
}: {
  details: ShopDetailsEditor;
  onReload: () => void;
}) {
  const t = useT<typeof en>();
  const message = useMessage();
  const toast = useToast();
  const save = useSaveShopDetails();
  const [problem, setProblem] = useState<{ message: string; stale: boolean }>();
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ShopDetailsFormInput, unknown, ShopDetailsFormOutput>({
    resolver: zodResolver(shopDetailsForm),
    defaultValues: formFromDetails(details),
  });
  const [aboutEn, openingHoursEn] = useWatch({ control, name: ['aboutEn', 'openingHoursEn'] });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await save({ ...values, savedAt: details.savedAt });
      toast(t('settings.shop.saved'));
    } catch (error) {
      setProblem({
        message: showServerErrors(error, setError, fields),
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  });

  const link = (name: LinkField, label: string, placeholder: string) => (
    <FormField
      key={name}
      label={label}
      type="url"
      placeholder={placeholder}
      registration={register(name)}
      error={errors[name]}
    />
  );

  const chatLink = link('chatUrl', t('settings.shop.chat'), chatPlaceholder);

  return (
    <Form noValidate onSubmit={submit} aria-label={t('settings.shop.form')}>
      {problem?.message && (
        <Alert variant="danger">
          {message(problem.message)}{' '}
          {problem.stale && (
            <Button variant="outline-danger" size="sm" className="ms-2" onClick={onReload}>
              {t('settings.shop.reload')}
            </Button>
          )}
        </Alert>
      )}
      <Row className="g-4">
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('settings.shop.company')}</h2>
              <FormField
                label={t('settings.shop.name')}
                registration={register('name')}
                error={errors.name}
              />
              <FormField
                label={t('settings.shop.organisationNumber')}
                inputMode="numeric"
                registration={register('organisationNumber')}
                error={errors.organisationNumber}
                help={t('settings.shop.organisationNumberHelp', {
                  example: formatOrganisationNumber('923456789'),
                })}
              />
              <Form.Check
                type="switch"
                id="shop-vat-registered"
                className="mb-3"
                label={t('settings.shop.vatRegistered')}
                {...register('vatRegistered')}
              />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('settings.shop.contact')}</h2>
              <Row>
                <Col sm={6}>
                  <FormField
                    label={t('settings.shop.phone')}
                    type="tel"
                    registration={register('phone')}
                    error={errors.phone}
                  />
                </Col>
                <Col sm={6}>
                  <FormField
                    label={t('settings.shop.email')}
                    type="email"
                    registration={register('email')}
                    error={errors.email}
                  />
                </Col>
              </Row>
              <FormField
                label={t('settings.shop.street')}
                registration={register('street')}
                error={errors.street}
              />
              <Row>
                <Col sm={4}>
                  <FormField
                    label={t('settings.shop.postalCode')}
                    registration={register('postalCode')}
                    error={errors.postalCode}
                  />
                </Col>
                <Col sm={8}>
                  <FormField
                    label={t('settings.shop.city')}
                    registration={register('city')}
                    error={errors.city}
                  />
                </Col>
              </Row>
              <FormField
                label={t('settings.shop.country')}
                registration={register('country')}
                error={errors.country}
              />
            </Card.Body>
          </Card>
        </Col>
        <Col xs={12}>
          <Card>
            <Card.Body>
              <h2 className="h5">{t('settings.shop.texts')}</h2>
              <p className="small text-body-secondary">{t('settings.shop.textsHelp')}</p>
              <Row>
                <Col md={6}>
                  <FormField
                    label={t('settings.shop.about')}
                    rows={4}
                    registration={register('about')}
                    error={errors.about}
                  />
                  <FormField
                    label={t('settings.shop.openingHours')}
                    rows={4}
                    registration={register('openingHours')}
                    error={errors.openingHours}
                    help={t('settings.shop.openingHoursHelp')}
                  />
                </Col>
                <Col md={6}>
                  <FormField
                    label={t('settings.shop.aboutEn')}
                    rows={4}
                    registration={register('aboutEn')}
                    error={errors.aboutEn}
                    help={aboutEn.trim() ? undefined : <EnglishFallback />}
                  />
                  <FormField
                    label={t('settings.shop.openingHoursEn')}
                    rows={4}
                    registration={register('openingHoursEn')}
                    error={errors.openingHoursEn}
                    help={
                      <>
                        {t('settings.shop.openingHoursEnHelp')}
                        {openingHoursEn.trim() ? null : <EnglishFallback />}
                      </>
                    }
                  />
                </Col>
              </Row>
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">{t('settings.shop.links')}</h2>
              <p className="small text-body-secondary">{t('settings.shop.linksHelp')}</p>
              {serviceLinks.map((service) =>
                link(service.name, service.label, service.placeholder),
              )}
              {chatLink}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <Form.Group>
                <fieldset>
                  <legend className="h5">{t('settings.shop.paymentMethods')}</legend>
                  <p className="small text-body-secondary">
                    {t('settings.shop.paymentMethodsHelp')}
                  </p>
                  {paymentMethodLogos.map((method) => (
                    <Form.Check
                      key={method}
                      type="checkbox"
                      id={`payment-${method}`}
                      label={paymentMethodNames[method]}
                      value={method}
                      {...register('paymentMethods')}
                    />
                  ))}
                  {errors.paymentMethods && (
                    <div className="text-danger small mt-1">
                      {errors.paymentMethods.message && message(errors.paymentMethods.message)}
                    </div>
                  )}
                </fieldset>
              </Form.Group>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <div className="d-flex gap-2 align-items-center mt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? t('settings.shop.saving') : t('settings.shop.save')}
        </Button>
        {isDirty && <span className="small text-body-secondary">{t('settings.shop.unsaved')}</span>}
      </div>
    </Form>
  );
}
