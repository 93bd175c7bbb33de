import { useId, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import {
  profileFieldMaxLengths,
  profileFormSchema,
  profileUpdateBanner,
  type CountryOption,
  type Profile,
  type ProfileFormValues,
  type ProfileUpdateRequest,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../lib/store-hooks.js';
import { usePostalCity } from '../../lib/use-postal-city.js';
import { useMessage } from '../../lib/i18n.js';
import { useAccountsText } from './accounts-i18n.js';
import { ErrorMessage, formProblem, TextField } from '../../components/ui/form-parts.js';
import { updateProfile } from './session-thunks.js';

function formOf(profile: Profile): ProfileFormValues {
  return {
    name: profile.name,
    phone: profile.phone,
    address: profile.address,
    apartmentNumber: profile.apartmentNumber,
    postalCode: profile.postalCode,
    city: profile.city,
    country: profile.ISOCode,
    changePassword: false,
    previousPassword: '',
    newPassword: '',
    newPassword1: '',
  };
}

function requestOf(form: ProfileFormValues, countries: CountryOption[]): ProfileUpdateRequest {
  const country = countries.find((candidate) => candidate.ISOCode === form.country);
  return {
    name: form.name.trim(),
    phone: form.phone.trim(),
    address: form.address.trim(),
    apartmentNumber: form.apartmentNumber.trim(),
    postalCode: form.postalCode.trim(),
    city: form.city.trim(),
    country: country?.ISOCode ?? '',
    countryDetails: country
      ? { Country: country.Country, ISOCode: country.ISOCode, CurrencyCode: country.CurrencyCode }
      : null,
    ...(form.changePassword
      ? {
          updatePassword: true,
          previousPassword: form.previousPassword,
          newPassword: form.newPassword,
          newPassword1: form.newPassword1,
        }
      : {}),
  };
}

interface ProfileEditModalProps {
  profile: Profile;
  countries: CountryOption[];
  onClose: () => void;
}

/**
 * Edits the details and, behind a switch, the password (MYACC-02..04). Success refreshes the
 * details and closes (ACCOUNT-01); a new password logs out and asks for a new login (ACCOUNT-02).
 */
export function ProfileEditModal({ profile, countries, onClose }: ProfileEditModalProps) {
  const t = useAccountsText();
  const inPageLanguage = useMessage();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector((state) => state.session.isUpdateLoading);
  // The first problem shows on submit, in place of the server's answer, until the next submit.
  const { register, control, handleSubmit, setValue, formState } = useForm<ProfileFormValues>({
    // A name the account already has is kept as it is, whatever its shape.
    resolver: zodResolver(profileFormSchema(profile.name)),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: formOf(profile),
  });
  // Controlled: the country list may still be on its way when the saved country is set.
  const { field: country } = useController({ control, name: 'country' });
  const [serverError, setServerError] = useState('');
  // The rules' messages are the shared catalogue's English keys; one it lacks reads as is.
  const problem = formProblem(formState.errors);
  const error = problem === undefined ? serverError : inPageLanguage(problem);
  const titleId = useId();
  const countryId = useId();
  const switchId = useId();

  // A newly typed Norwegian postal code fills the city, as on the shipping form (issue 10.15);
  // the saved one leaves the saved city alone.
  const postalCode = useWatch({ control, name: 'postalCode' });
  const changePassword = useWatch({ control, name: 'changePassword' });
  const unchangedPlace =
    country.value === profile.ISOCode && postalCode.trim() === profile.postalCode;
  const city = useWatch({ control, name: 'city' });
  usePostalCity(country.value, unchangedPlace ? '' : postalCode, {
    value: city,
    set: (registered) => setValue('city', registered),
  });

  const save = async (form: ProfileFormValues) => {
    setServerError('');
    const outcome = await dispatch(updateProfile(requestOf(form, countries)));
    if (!outcome.ok) {
      // Two server texts read differently on this screen (ERR-08, ERR-09, VAL-18).
      setServerError(inPageLanguage(profileUpdateBanner(outcome.message, inPageLanguage)));
      return;
    }
    if (outcome.passwordUpdated) void navigate('/login');
    else onClose();
  };
  const submit = handleSubmit(save, () => setServerError(''));

  const fields = {
    name: register('name'),
    phone: register('phone'),
    address: register('address'),
    apartmentNumber: register('apartmentNumber'),
    postalCode: register('postalCode'),
    city: register('city'),
    changePassword: register('changePassword'),
    previousPassword: register('previousPassword'),
    newPassword: register('newPassword'),
    newPassword1: register('newPassword1'),
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton closeLabel={t('accounts.cancel')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {t('accounts.edit.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <TextField
            label={t('accounts.field.name')}
            autoComplete="name"
            maxLength={profileFieldMaxLengths.name}
            {...fields.name}
          />
          <TextField
            label={t('accounts.field.phone')}
            type="tel"
            autoComplete="tel"
            maxLength={profileFieldMaxLengths.phone}
            {...fields.phone}
          />
          <TextField
            label={t('accounts.field.address')}
            autoComplete="address-line1"
            maxLength={profileFieldMaxLengths.address}
            {...fields.address}
          />
          <TextField
            label={t('accounts.field.apartmentNumber')}
            autoComplete="address-line2"
            maxLength={profileFieldMaxLengths.apartmentNumber}
            {...fields.apartmentNumber}
          />
          <div className="row">
            <div className="col-sm-5">
              <TextField
                label={t('accounts.field.postalCode')}
                autoComplete="postal-code"
                maxLength={profileFieldMaxLengths.postalCode}
                {...fields.postalCode}
              />
            </div>
            <div className="col-sm-7">
              <TextField
                label={t('accounts.field.city')}
                autoComplete="address-level2"
                maxLength={profileFieldMaxLengths.city}
                {...fields.city}
              />
            </div>
          </div>
          <div className="mb-3">
            <label htmlFor={countryId} className="form-label">
              {t('accounts.field.country')}
            </label>
            <select id={countryId} className="form-select" {...country}>
              <option value="">{t('accounts.edit.chooseCountry')}</option>
              {countries.map((country) => (
                <option key={country.ISOCode} value={country.ISOCode}>
                  {country.name}
                </option>
              ))}
            </select>
          </div>
          <div className="form-check form-switch mb-3">
            <input
              id={switchId}
              type="checkbox"
              role="switch"
              className="form-check-input"
              {...fields.changePassword}
            />
            <label htmlFor={switchId} className="form-check-label">
              {t('accounts.edit.changePassword')}
            </label>
          </div>
          {changePassword && (
            <>
              <TextField
                label={t('accounts.edit.previousPassword')}
                type="password"
                autoComplete="current-password"
                {...fields.previousPassword}
              />
              <TextField
                label={t('accounts.edit.newPassword')}
                type="password"
                autoComplete="new-password"
                {...fields.newPassword}
              />
              <TextField
                label={t('accounts.edit.repeatNewPassword')}
                type="password"
                autoComplete="new-password"
                {...fields.newPassword1}
              />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('accounts.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('accounts.edit.save')}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
