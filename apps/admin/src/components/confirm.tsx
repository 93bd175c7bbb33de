import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useT } from '../lib/i18n.js';

interface ConfirmRequest {
  title: string;
  body: ReactNode;
  /** The button's words, such as "Delete category". */
  action: string;
  /** The words of the button that does nothing, when "Cancel" would read as the action. */
  dismiss?: string;
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm>(async () => false);

/** Asks before a destructive action; resolves true only when the staff member confirms. */
export const useConfirm = () => useContext(ConfirmContext);

export function ConfirmProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [request, setRequest] = useState<ConfirmRequest>();
  const resolver = useRef<(answer: boolean) => void>(undefined);
  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = undefined;
    setRequest(undefined);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      <Modal
        show={request !== undefined}
        onHide={() => answer(false)}
        centered
        aria-labelledby="confirm-title"
      >
        <Modal.Header closeButton>
          <Modal.Title as="h2" className="h5" id="confirm-title">
            {request?.title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{request?.body}</Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => answer(false)}>
            {request?.dismiss ?? t('common.cancel')}
          </Button>
          <Button variant="danger" onClick={() => answer(true)}>
            {request?.action}
          </Button>
        </Modal.Footer>
      </Modal>
    </ConfirmContext.Provider>
  );
}
