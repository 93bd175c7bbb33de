import { useId } from 'react';
import Modal from 'react-bootstrap/Modal';
import { checkoutText } from './checkout-text.js';

interface OrderPlacedModalProps {
  storePickup: boolean;
  onOkay: () => void;
}

/** The success dialog (SHIP-21, SHIP-22, CHECKOUT-08, CHECKOUT-09); closing it goes home. */
export function OrderPlacedModal({ storePickup, onOkay }: OrderPlacedModalProps) {
  const titleId = useId();
  return (
    <Modal show onHide={onOkay} centered backdrop="static" aria-labelledby={titleId}>
      <Modal.Body className="text-center p-4">
        <h2 id={titleId} className="h5">
          {checkoutText.orderPlaced}
        </h2>
        {storePickup && <p className="mb-0">{checkoutText.pickupNotice}</p>}
      </Modal.Body>
      <Modal.Footer className="justify-content-center">
        <button type="button" className="btn btn-primary" onClick={onOkay}>
          {checkoutText.okay}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
