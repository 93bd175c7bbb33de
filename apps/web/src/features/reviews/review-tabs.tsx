import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  title: string;
  content: ReactNode;
}

/**
 * Tabs following the WAI-ARIA tabs pattern: one tab in the Tab order, arrow keys, Home and End
 * move between tabs and select them. Hidden panels stay mounted, so each keeps its page.
 */
export function ReviewTabs({ tabs }: { tabs: TabItem[] }) {
  const id = useId();
  const [active, setActive] = useState(tabs[0]?.key);
  const tabList = useRef<HTMLDivElement>(null);

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.key);
    tabList.current?.querySelector<HTMLElement>(`[data-tab="${tab.key}"]`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <>
      <div ref={tabList} role="tablist" className="nav nav-tabs mb-3">
        {tabs.map((tab, index) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`${id}-tab-${tab.key}`}
              data-tab={tab.key}
              aria-selected={selected}
              aria-controls={`${id}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              className={`nav-link${selected ? ' active' : ''}`}
              onClick={() => setActive(tab.key)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {tab.title}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${id}-panel-${tab.key}`}
          aria-labelledby={`${id}-tab-${tab.key}`}
          hidden={tab.key !== active}
        >
          {tab.content}
        </div>
      ))}
    </>
  );
}
