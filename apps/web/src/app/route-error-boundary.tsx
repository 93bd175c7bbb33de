import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { browserWindow } from '../lib/browser-window.js';

/** The error screen's text, in one place so a translation can be added. */
export const routeErrorText = {
  chunkHeading: 'This page could not be loaded',
  chunkBody: 'The shop may have been updated. Reload the page to get the latest version.',
  otherHeading: 'Something went wrong',
  otherBody: 'This page ran into a problem. Reload the page to try again.',
  reload: 'Reload',
} as const;

/**
 * A page's chunk that did not arrive: after a deploy the old chunk names are gone. Browsers word
 * the failed `import()` differently (Chromium, Firefox, Safari); Vite's preload of a chunk's CSS
 * fails with its own message.
 */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

interface CatcherProps {
  /** The page's address: the error screen gives way when the shopper goes elsewhere. */
  resetKey: string;
  children: ReactNode;
}

interface CatcherState {
  error: unknown;
  /** The address the state belongs to. */
  address: string | undefined;
}

class ErrorCatcher extends Component<CatcherProps, CatcherState> {
  override state: CatcherState = { error: undefined, address: undefined };

  static getDerivedStateFromError(error: unknown): Partial<CatcherState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(
    { resetKey }: CatcherProps,
    state: CatcherState,
  ): Partial<CatcherState> | null {
    return state.address === resetKey ? null : { error: undefined, address: resetKey };
  }

  override componentDidCatch(error: unknown) {
    // The shopper sees a short message; whoever investigates needs the error itself.
    console.error('A page failed to render', error);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const chunk = isChunkLoadError(error);
    return (
      <div className="container py-5 text-center">
        <h1 className="h3">{chunk ? routeErrorText.chunkHeading : routeErrorText.otherHeading}</h1>
        <p className="text-body-secondary mx-auto" style={{ maxWidth: '32rem' }}>
          {chunk ? routeErrorText.chunkBody : routeErrorText.otherBody}
        </p>
        <button
          type="button"
          className="btn btn-primary tap-target px-4"
          onClick={() => browserWindow.reload()}
        >
          {routeErrorText.reload}
        </button>
      </div>
    );
  }
}

/**
 * Catches what a route's page throws, above all a lazy page whose chunk fails to load after a
 * deploy, and offers a reload instead of leaving the page blank. The header and footer stay.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorCatcher resetKey={pathname}>{children}</ErrorCatcher>;
}
