import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { PageSpinner } from '../components/ui/page-spinner.js';
import { browserWindow } from '../lib/browser-window.js';
import { useLayoutText } from './layout/layout-i18n.js';

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

/** What the shopper reads instead of a page that failed; a component, to read the words. */
function ErrorScreen({ chunk }: { chunk: boolean }) {
  const t = useLayoutText();
  return (
    <div className="container py-5 text-center">
      <h1 className="h3">{t(chunk ? 'layout.error.chunkHeading' : 'layout.error.otherHeading')}</h1>
      <p className="text-body-secondary mx-auto" style={{ maxWidth: '32rem' }}>
        {t(chunk ? 'layout.error.chunkBody' : 'layout.error.otherBody')}
      </p>
      <button
        type="button"
        className="btn btn-primary tap-target px-4"
        onClick={() => browserWindow.reload()}
      >
        {t('layout.error.reload')}
      </button>
    </div>
  );
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
    return <ErrorScreen chunk={isChunkLoadError(error)} />;
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

/** A page as its route shows it: a spinner while its chunk loads, the error screen if it fails. */
export function RoutePage({ page: Page }: { page: ComponentType }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<PageSpinner />}>
        <Page />
      </Suspense>
    </RouteErrorBoundary>
  );
}
