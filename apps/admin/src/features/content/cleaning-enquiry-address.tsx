import { zodResolver } from '@hookform/resolvers/zod';
import type { CleaningEnquiryAddress } from '@shop/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '../../components/form-field.js';
import { PageState } from '../../components/page-state.js';
import { useToast } from '../../components/toasts.js';
import { ApiError } from '../../lib/api-error.js';
import { showServerErrors } from '../../lib/form-errors.js';
import { useT } from '../../lib/i18n.js';
import { useEnquiryAddress, useSaveEnquiryAddress } from './api.js';
import { enquiryAddressFormSchema } from './cleaning-form.js';
import type en from './i18n/en.json';

/** Where the cleaning page's enquiries are mailed. */
export function EnquiryAddressCard() {
  const loaded = useEnquiryAddress();
  const t = useT<typeof en>();
  return (
    <Card className="mb-4">
      <Card.Body>
        <h2 className="h5">{t('content.enquiries.title')}</h2>
        <PageState of={loaded} />
        {loaded.data && (
          // A new key after each save, so the form starts again from what is stored.
          <EnquiryAddressForm
            key={loaded.data.savedAt ?? 'unset'}
            address={loaded.data}
            // Joins a load already under way (a save's), so a save loads the address once.
            onReload={() => void loaded.refetch({ cancelRefetch: false })}
          />
        )}
      </Card.Body>
    </Card>
  );
}

export function EnquiryAddressForm({
  address,
  onReload,
}: {
  address: CleaningEnquiryAddress;
  onReload: () => void;
}) {
  const toast = useToast();
  const t = useT<typeof en>();
  const saveAddress = useSaveEnquiryAddress();
  const [problem, setProblem] = useState<{ message: string; stale: boolean }>();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<
    z.input<typeof enquiryAddressFormSchema>,
    unknown,
    z.output<typeof enquiryAddressFormSchema>
  >({
    resolver: zodResolver(enquiryAddressFormSchema),
    defaultValues: { email: address.email },
  });

  const submit = handleSubmit(async ({ email }) => {
    setProblem(undefined);
    try {
      await saveAddress({ email, savedAt: address.savedAt });
      toast(
        email
          ? t('content.enquiries.savedTo', { email })
          : t('content.enquiries.savedToShop', { email: address.shopEmail }),
      );
      onReload();
    } catch (error) {
      setProblem({
        message: showServerErrors(error, setError, ['email']),
        stale: error instanceof ApiError && error.status === 409,
      });
    }
  });

  return (
    <Form noValidate onSubmit={submit} aria-label={t('content.enquiries.form')}>
      {problem?.message && (
        <Alert variant="danger">
          {problem.message}{' '}
          {problem.stale && (
            <Button variant="outline-danger" size="sm" className="ms-2" onClick={onReload}>
              {t('content.reload')}
            </Button>
          )}
        </Alert>
      )}
      <FormField
        label={t('content.enquiries.to')}
        type="email"
        placeholder={address.shopEmail}
        registration={register('email')}
        error={errors.email}
        help={t('content.enquiries.help', { email: address.shopEmail })}
      />
      <Button type="submit" disabled={isSubmitting}>
        {isSubmitting ? t('content.saving') : t('content.enquiries.save')}
      </Button>
    </Form>
  );
}
