/**
 * The page-leaving steps of the session, behind one object so tests can watch them: jsdom cannot
 * navigate or reload.
 */
export const browserWindow = {
  /** Hands the whole window to another address (the social sign-in pages). */
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  /** Rewrites the address bar without a navigation. */
  replaceUrl(url: string): void {
    window.history.replaceState(window.history.state, '', url);
  },
};
