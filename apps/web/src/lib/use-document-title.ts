import { useEffect } from 'react';

/** Sets the tab's title while the page is open and gives the previous one back afterwards. */
export function useDocumentTitle(title: string | undefined): void {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
