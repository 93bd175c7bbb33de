import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import {
  formatOrganisationNumber,
  paymentMethodLogos,
  paymentMethodNames,
  type ShopDetailsEditor,
} from '@shop/shared';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useSaveShopDetails, useShopDetailsEditor } from './api.js';
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

/** Shop → Shop details: who the shop is, as the storefront, mails and receipts show it. */
export default function SettingsPage() {
  const loaded = useShopDetailsEditor();
  return (
    <>
      <h1 className="h3 mb-1">Shop details</h1>
      <p className="text-body-secondary">
        The storefront’s header and footer, the store-pickup details, every mail and the receipts
        show these. Changes show in the shop at once.
      </p>
      <PageState of={loaded} />
      {loaded.data && (
        // A new key after each save, so the form starts again from what is stored.
        <ShopDetailsEditorForm
          key={loaded.data.savedAt ?? 'defaults'}
          details={loaded.data}
          onReload={() => void loaded.refetch()}
        />
      )}
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
  const toast = useToast();
  const save = useSaveShopDetails();
  const [problem, setProblem] = useState<{ message: string; stale: boolean }>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ShopDetailsFormInput, unknown, ShopDetailsFormOutput>({
    resolver: zodResolver(shopDetailsForm),
    defaultValues: formFromDetails(details),
  });

  const submit = handleSubmit(async (values) => {
    setProblem(undefined);
    try {
      await save({ ...values, savedAt: details.savedAt });
      toast('Shop details saved. The shop shows them now.');
    } catch (error) {
      setProblem({
        message: showServerErrors(error, setError, fields),
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  });

  const link = (name: LinkField, label: string, placeholder: string) => (
    <FormField
      label={label}
      type="url"
      placeholder={placeholder}
      registration={register(name)}
      error={errors[name]}
    />
  );

  return (
    <Form noValidate onSubmit={submit} aria-label="Shop details">
      {problem?.message && (
        <Alert variant="danger">
          {problem.message}{' '}
          {problem.stale && (
            <Button variant="outline-danger" size="sm" className="ms-2" onClick={onReload}>
              Reload
            </Button>
          )}
        </Alert>
      )}
      <Row className="g-4">
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">The company</h2>
              <FormField label="Shop name" registration={register('name')} error={errors.name} />
              <FormField
                label="Organisation number"
                inputMode="numeric"
                registration={register('organisationNumber')}
                error={errors.organisationNumber}
                help={`Nine digits, as in the Brønnøysund register: ${formatOrganisationNumber('923456789')}.`}
              />
              <Form.Check
                type="switch"
                id="shop-vat-registered"
                className="mb-3"
                label="Registered for VAT (receipts print MVA after the number)"
                {...register('vatRegistered')}
              />
              <FormField
                label="About the shop (footer)"
                rows={4}
                registration={register('about')}
                error={errors.about}
              />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Contact and store</h2>
              <Row>
                <Col sm={6}>
                  <FormField
                    label="Phone"
                    type="tel"
                    registration={register('phone')}
                    error={errors.phone}
                  />
                </Col>
                <Col sm={6}>
                  <FormField
                    label="E-mail"
                    type="email"
                    registration={register('email')}
                    error={errors.email}
                  />
                </Col>
              </Row>
              <FormField
                label="Street address"
                registration={register('street')}
                error={errors.street}
              />
              <Row>
                <Col sm={4}>
                  <FormField
                    label="Postal code"
                    registration={register('postalCode')}
                    error={errors.postalCode}
                  />
                </Col>
                <Col sm={8}>
                  <FormField label="City" registration={register('city')} error={errors.city} />
                </Col>
              </Row>
              <FormField
                label="Country"
                registration={register('country')}
                error={errors.country}
              />
              <FormField
                label="Opening hours"
                rows={4}
                registration={register('openingHours')}
                error={errors.openingHours}
                help="One line each, as shoppers should read them: “Monday–Friday 10:00–18:00”. Shown for store pickup."
              />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <h2 className="h5">Links</h2>
              <p className="small text-body-secondary">
                Leave a link empty to leave its icon or badge out of the storefront.
              </p>
              {link('facebookUrl', 'Facebook', 'https://www.facebook.com/…')}
              {link('instagramUrl', 'Instagram', 'https://www.instagram.com/…')}
              {link('youtubeUrl', 'YouTube', 'https://www.youtube.com/@…')}
              {link('appStoreUrl', 'App Store', 'https://apps.apple.com/…')}
              {link('googlePlayUrl', 'Google Play', 'https://play.google.com/store/apps/…')}
              {link('chatUrl', 'Chat button', 'https://wa.me/47…')}
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <Card className="h-100">
            <Card.Body>
              <Form.Group>
                <fieldset>
                  <legend className="h5">Accepted payment methods</legend>
                  <p className="small text-body-secondary">
                    The storefront’s footer shows the logos of the methods ticked here: tick only
                    what your payment agreement accepts.
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
                    <div className="text-danger small mt-1">{errors.paymentMethods.message}</div>
                  )}
                </fieldset>
              </Form.Group>
            </Card.Body>
          </Card>
        </Col>
      </Row>
      <div className="d-flex gap-2 align-items-center mt-4">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save shop details'}
        </Button>
        {isDirty && <span className="small text-body-secondary">Unsaved changes</span>}
      </div>
    </Form>
  );
}
