import { useState } from 'react';
import type { Profile } from '@shop/shared';
import { useAppSelector } from '../../lib/store-hooks.js';
import { PageSpinner } from '../../components/ui/page-spinner.js';
import { useDocumentTitle } from '../../lib/use-document-title.js';
import { useCountriesQuery } from '../currency/index.js';
import { AccountArea } from './account-area.js';
import { useAccountsText } from './accounts-i18n.js';
import { DeleteAccount } from './delete-account.js';
import { ErrorMessage } from '../../components/ui/form-parts.js';
import { ProfileEditModal } from './profile-edit-modal.js';

const addressLine = (profile: Profile) =>
  [
    profile.address,
    profile.apartmentNumber,
    [profile.postalCode, profile.city].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');

function MyDetails() {
  const t = useAccountsText();
  const details = useAppSelector((state) => state.session.details);
  const message = useAppSelector((state) => state.session.detailsMessage);
  const { data: countries = [] } = useCountriesQuery(undefined);
  const [editing, setEditing] = useState(false);

  if (!details) return message ? <ErrorMessage>{message}</ErrorMessage> : <PageSpinner />;

  // The list names countries in full; the profile keeps the code (MYACC-01).
  const countryName =
    countries.find((country) => country.ISOCode === details.ISOCode)?.name ?? details.country;
  const rows: [label: string, value: string][] = [
    [t('accounts.field.name'), details.name],
    [t('accounts.field.country'), countryName],
    [t('accounts.field.phone'), details.phone],
    [t('accounts.field.email'), details.email],
    [t('accounts.field.address'), addressLine(details)],
  ];

  return (
    <>
      <section aria-labelledby="my-details" className="card">
        <div className="card-body">
          <div className="d-flex justify-content-between align-items-center mb-3">
            <h1 id="my-details" className="h4 mb-0">
              {t('accounts.details.title')}
            </h1>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => setEditing(true)}
            >
              {t('accounts.details.edit')}
            </button>
          </div>
          <dl className="mb-0">
            {rows.map(([label, value]) => (
              <div key={label} className="row mb-2">
                <dt className="col-sm-3">{label}</dt>
                <dd className="col-sm-9 mb-0">{value || t('accounts.details.notGiven')}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>
      {editing && (
        <ProfileEditModal
          profile={details}
          countries={countries}
          onClose={() => setEditing(false)}
        />
      )}
      <DeleteAccount email={details.email} />
    </>
  );
}

/** /account: the user's details, their edit modal and account deletion. */
export default function AccountPage() {
  const t = useAccountsText();
  useDocumentTitle(t('accounts.menu.details'));
  return (
    <AccountArea>
      <MyDetails />
    </AccountArea>
  );
}
