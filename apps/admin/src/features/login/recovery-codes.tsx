import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';

/** The recovery codes, shown this once: the staff member confirms having kept them. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const [saved, setSaved] = useState(false);
  return (
    <>
      <h2 className="h5">Keep your recovery codes</h2>
      <Alert variant="warning">
        If you lose your phone, each of these codes lets you sign in once. They are shown only now:
        print them or keep them in a password manager.
      </Alert>
      <ol className="recovery-codes font-monospace" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Form.Check
        id="recovery-codes-saved"
        className="mb-3"
        label="I have kept these codes somewhere safe"
        checked={saved}
        onChange={(event) => setSaved(event.target.checked)}
      />
      <Button className="w-100" disabled={!saved} onClick={onDone}>
        Continue to the back office
      </Button>
    </>
  );
}
