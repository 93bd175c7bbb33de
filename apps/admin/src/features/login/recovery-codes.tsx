import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useT } from '../../lib/i18n.js';
import type en from './i18n/en.json';

/** The recovery codes, shown this once: the staff member confirms having kept them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const t = useT<typeof en>();
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h2 className="h5">{t('login.keepCodes')}</h2>
      <Alert variant="warning">{t('login.keepCodesHelp')}</Alert>
      <ol className="recovery-codes font-monospace" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Form.Check
        id="recovery-codes-saved"
        className="mb-3"
        label={t('login.codesKept')}
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button className="w-100" disabled={!saved} onClick={onDone}>
        {t('login.toBackOffice')}
      </Button>
    </>
  );
}
