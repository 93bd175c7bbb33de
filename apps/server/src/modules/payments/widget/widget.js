/* global window, document, location, ResizeObserver */
// The card form inside the test widget's iframe: sends the card to the pay call and, once the
// payment is approved, tells the page that mounted the widget (same origin only).
(function () {
  const form = document.getElementById('card-form');
  const message = document.getElementById('card-message');
  const approved = document.getElementById('card-approved');
  const button = document.getElementById('pay-button');
  const paymentId = form ? form.dataset.paymentId : undefined;

  const tellParent = (data) => {
    if (paymentId && window.parent !== window)
      window.parent.postMessage({ ...data, paymentId }, location.origin);
  };
  // The body's height, not the document's: that one never drops below the frame's own height.
  const reportHeight = () =>
    tellParent({ type: 'payment-widget-height', height: document.body.scrollHeight });
  if (typeof ResizeObserver === 'function') new ResizeObserver(reportHeight).observe(document.body);
  window.addEventListener('load', reportHeight);
  if (!form || !message || !approved || !button) return;

  // Typing "0428" gives "04/28".
  const expiry = form.elements.namedItem('expiry');
  expiry.addEventListener('input', (event) => {
    if (event.inputType && event.inputType.startsWith('delete')) return;
    const digits = expiry.value.replace(/\D/g, '').slice(0, 4);
    expiry.value = digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (button.disabled) return;
    button.disabled = true;
    message.textContent = '';
    const fields = new FormData(form);
    const read = (name) => String(fields.get(name) || '');
    try {
      const response = await fetch(form.dataset.payUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          cardNumber: read('cardNumber'),
          expiry: read('expiry'),
          cvc: read('cvc'),
          name: read('name'),
        }),
      });
      if (response.ok) {
        form.remove();
        approved.textContent = 'Payment approved';
        tellParent({ type: 'payment-completed' });
        return;
      }
      const answer = await response.json().catch(() => ({}));
      message.textContent = answer.message || 'The payment failed. Please try again.';
    } catch {
      message.textContent = 'The payment could not be sent. Check your connection and try again.';
    }
    button.disabled = false;
  });
})();
