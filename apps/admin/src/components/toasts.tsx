import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useT } from '../lib/i18n.js';

interface ToastMessage {
  id: number;
  text: string;
  kind: 'success' | 'danger';
}

type Notify = (text: string, kind?: ToastMessage['kind']) => void;

const ToastContext = createContext<Notify>(() => {});

/** Says how an action went in a corner toast that a screen reader reads out too. */
export const useToast = () => useContext(ToastContext);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const t = useT();
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const notify = useCallback<Notify>((text, kind = 'success') => {
    const id = nextId++;
    setMessages((current) => [...current, { id, text, kind }]);
  }, []);
  const close = (id: number) =>
    setMessages((current) => current.filter((message) => message.id !== id));
  const value = useMemo(() => notify, [notify]);
  return (
    <ToastContext.Provider value={value}>
      {children}
      <ToastContainer position="bottom-end" className="p-3 position-fixed" role="status">
        {messages.map((message) => (
          <Toast
            key={message.id}
            bg={message.kind}
            onClose={() => close(message.id)}
            delay={message.kind === 'success' ? 4000 : 8000}
            autohide
          >
            <Toast.Body className="text-white d-flex justify-content-between gap-2">
              <span>{message.text}</span>
              <button
                type="button"
                className="btn-close btn-close-white"
                aria-label={t('common.close')}
                onClick={() => close(message.id)}
              />
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}
