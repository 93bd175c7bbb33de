/* global window, document */
// The test provider's checkout script, shaped like Nets' checkout.js so the storefront mounts
// either the same way: new Dibs.Checkout({checkoutKey, paymentId, containerId, language}) and
// checkout.on('payment-completed', (event) => event.paymentId).
(function () {
  const script = document.currentScript;
  const base = new URL('.', script ? script.src : window.location.href);

  class Checkout {
    constructor(options) {
      const { checkoutKey, paymentId, containerId, language } = options || {};
      if (!checkoutKey || !paymentId || !containerId)
        throw new Error('Dibs.Checkout needs checkoutKey, paymentId and containerId');
      const container = document.getElementById(containerId);
      if (!container) throw new Error(`Dibs.Checkout: no element with the id ${containerId}`);
      const src = new URL(`widget/${encodeURIComponent(paymentId)}`, base);
      src.searchParams.set('checkoutKey', checkoutKey);
      if (language) src.searchParams.set('language', language);

      const iframe = document.createElement('iframe');
      iframe.title = 'Card payment (test mode)';
      iframe.src = src.href;
      iframe.style.width = '100%';
      // Until the widget reports its height.
      iframe.style.height = '30rem';
      iframe.style.border = '0';
      container.appendChild(iframe);

      this.paymentId = paymentId;
      this.iframe = iframe;
      this.listeners = new Map();
      // Only messages from this widget's own frame, about this payment, count.
      this.onMessage = (event) => {
        if (event.origin !== src.origin || event.source !== iframe.contentWindow) return;
        const data = event.data;
        if (!data || typeof data !== 'object' || data.paymentId !== paymentId) return;
        if (data.type === 'payment-widget-height' && typeof data.height === 'number')
          iframe.style.height = `${Math.ceil(data.height)}px`;
        if (data.type === 'payment-completed') this.emit('payment-completed', { paymentId });
      };
      window.addEventListener('message', this.onMessage);
    }

    on(eventName, handler) {
      const handlers = this.listeners.get(eventName) || [];
      handlers.push(handler);
      this.listeners.set(eventName, handlers);
      return this;
    }

    emit(eventName, event) {
      for (const handler of this.listeners.get(eventName) || []) handler(event);
    }

    /** Removes the widget and its listeners (a page that unmounts it calls this). */
    cleanup() {
      window.removeEventListener('message', this.onMessage);
      this.listeners.clear();
      this.iframe.remove();
    }
  }

  window.Dibs = window.Dibs || {};
  window.Dibs.Checkout = Checkout;
})();
