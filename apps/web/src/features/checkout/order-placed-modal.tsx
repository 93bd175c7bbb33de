import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useCheckoutText } from './checkout-i18n.js';
import { StoreAddress } from './store-address.js';

interface OrderPlacedModalProps {
  storePickup: boolean;
  /** The placed order's number, quoted in its confirmation mail and on My Orders. */
  orderNumber: number | null;
  onOkay: () => void;
}

/** The success dialog (SHIP-21, SHIP-22, CHECKOUT-08, CHECKOUT-09); closing it goes home. */
export function OrderPlacedModal({ storePickup, orderNumber, onOkay }: OrderPlacedModalProps) {
  const t = useCheckoutText();
  const titleId = useId();
  return (
    <Modal show onHide={onOkay} centered backdrop="static" aria-labelledby={titleId}>
      <Modal.Body className="text-center p-4">
        <h2 id={titleId} className="h5">
          {t('checkout.placed.title')}
        </h2>
        {orderNumber !== null && (
          <p className="fs-5 fw-semibold mb-2">
            {t('checkout.placed.reference', { number: orderNumber })}
          </p>
        )}
        {storePickup && (
          <>
            <p>{t('checkout.placed.pickupNotice')}</p>
            <StoreAddress headingLevel="h3" />
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <button type="button" className="btn btn-primary tap-target" onClick={onOkay}>
          {t('checkout.placed.okay')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
