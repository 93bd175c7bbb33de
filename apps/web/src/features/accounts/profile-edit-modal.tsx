import { useId, useState, type FormEvent } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import {
  accountTexts,
  isStrongPassword,
  profileUpdateBanner,
  type CountryOption,
  type Profile,
  type ProfileUpdateRequest,
} from '@shop/shared';
import { useAppDispatch, useAppSelector } from '../../app/store.js';
import { usePostalCity } from '../../lib/use-postal-city.js';
import { accountsText } from './accounts-text.js';
import { ErrorMessage, TextField } from './form-parts.js';
import { updateProfile } from './session-thunks.js';

interface EditForm {
  name: string;
  phone: string;
  address: string;
  apartmentNumber: string;
  postalCode: string;
  city: string;
  /** ISO 3166 alpha-3, as the country list names countries; empty when none is chosen. */
  country: string;
  changePassword: boolean;
  previousPassword: string;
  newPassword: string;
  newPassword1: string;
}

function formOf(profile: Profile): EditForm {
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

/** The first problem the browser can see, or undefined (VAL-17). */
function formError(form: EditForm): string | undefined {
  if (!form.name.trim()) return accountsText.nameRequired;
  if (!form.changePassword) return undefined;
  if (!isStrongPassword(form.newPassword)) return accountTexts.weakPassword;
  if (form.newPassword !== form.newPassword1) return accountTexts.newPasswordsBanner;
  return undefined;
}

function requestOf(form: EditForm, countries: CountryOption[]): ProfileUpdateRequest {
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
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const busy = useAppSelector((state) => state.session.isUpdateLoading);
  const [form, setForm] = useState(() => formOf(profile));
  const [error, setError] = useState('');
  const titleId = useId();
  const countryId = useId();
  const switchId = useId();

  const set = (field: Exclude<keyof EditForm, 'changePassword'>) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));
  // A newly typed Norwegian postal code fills the city, as on the shipping form (issue 10.15);
  // the saved one leaves the saved city alone.
  const unchangedPlace =
    form.country === profile.ISOCode && form.postalCode.trim() === profile.postalCode;
  usePostalCity(form.country, unchangedPlace ? '' : form.postalCode, set('city'));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = formError(form);
    setError(problem ?? '');
    if (problem) return;
    const outcome = await dispatch(updateProfile(requestOf(form, countries)));
    if (!outcome.ok) {
      // Two server texts read differently on this screen (ERR-08, ERR-09, VAL-18).
      setError(profileUpdateBanner(outcome.message));
      return;
    }
    if (outcome.passwordUpdated) void navigate('/login');
    else onClose();
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId}>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton closeLabel={accountsText.cancel}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {accountsText.editDetails}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <TextField
            label={accountsText.name}
            autoComplete="name"
            value={form.name}
            onChange={set('name')}
          />
          <TextField
            label={accountsText.phone}
            type="tel"
            autoComplete="tel"
            value={form.phone}
            onChange={set('phone')}
          />
          <TextField
            label={accountsText.address}
            autoComplete="address-line1"
            value={form.address}
            onChange={set('address')}
          />
          <TextField
            label={accountsText.apartmentNumber}
            autoComplete="address-line2"
            value={form.apartmentNumber}
            onChange={set('apartmentNumber')}
          />
          <div className="row">
            <div className="col-sm-5">
              <TextField
                label={accountsText.postalCode}
                autoComplete="postal-code"
                value={form.postalCode}
                onChange={set('postalCode')}
              />
            </div>
            <div className="col-sm-7">
              <TextField
                label={accountsText.city}
                autoComplete="address-level2"
                value={form.city}
                onChange={set('city')}
              />
            </div>
          </div>
          <div className="mb-3">
            <label htmlFor={countryId} className="form-label">
              {accountsText.country}
            </label>
            <select
              id={countryId}
              className="form-select"
              value={form.country}
              onChange={(event) => set('country')(event.target.value)}
            >
              <option value="">{accountsText.chooseCountry}</option>
              {countries.map((country) => (
                <option key={country.ISOCode} value={country.ISOCode}>
                  {country.Country}
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
              checked={form.changePassword}
              onChange={(event) =>
                setForm((current) => ({ ...current, changePassword: event.target.checked }))
              }
            />
            <label htmlFor={switchId} className="form-check-label">
              {accountsText.changePassword}
            </label>
          </div>
          {form.changePassword && (
            <>
              <TextField
                label={accountsText.previousPassword}
                type="password"
                autoComplete="current-password"
                value={form.previousPassword}
                onChange={set('previousPassword')}
              />
              <TextField
                label={accountsText.newPassword}
                type="password"
                autoComplete="new-password"
                value={form.newPassword}
                onChange={set('newPassword')}
              />
              <TextField
                label={accountsText.repeatNewPassword}
                type="password"
                autoComplete="new-password"
                value={form.newPassword1}
                onChange={set('newPassword1')}
              />
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {accountsText.cancel}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {accountsText.save}
          </button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
