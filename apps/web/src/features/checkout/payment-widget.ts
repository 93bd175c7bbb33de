/** The embedded card widget's browser API (the provider's Checkout.js, 'Dibs' global). */
export interface PaymentCompletedEvent {
  paymentId?: string;
}

export interface DibsCheckout {
  on(event: 'payment-completed', handler: (event: PaymentCompletedEvent) => void): void;
  cleanup?: () => void;
}

export interface DibsCheckoutOptions {
  checkoutKey: string;
  paymentId: string;
  containerId: string;
  language?: string;
}

export interface DibsApi {
  Checkout: new (options: DibsCheckoutOptions) => DibsCheckout;
}

declare global {
  interface Window {
    Dibs?: DibsApi;
  }
}

export const paymentWidgetId = 'payment-widget';

const loads = new Map<string, Promise<DibsApi>>();

/**
 * Adds the provider's script once per address and resolves with its global. A failed load is
 * forgotten, so opening the page again retries it.
 */
export function loadCheckoutScript(url: string): Promise<DibsApi> {
  if (window.Dibs) return Promise.resolve(window.Dibs);
  let pending = loads.get(url);
  if (!pending) {
    pending = new Promise<DibsApi>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      const fail = () => {
        loads.delete(url);
        script.remove();
        reject(new Error('The payment window could not be loaded'));
      };
      script.addEventListener('load', () => {
        if (window.Dibs) resolve(window.Dibs);
        else fail();
      });
      script.addEventListener('error', fail);
      document.head.append(script);
    });
    loads.set(url, pending);
  }
  return pending;
}
