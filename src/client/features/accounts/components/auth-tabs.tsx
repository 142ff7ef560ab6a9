import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';

interface AuthTab {
  value: string;
  label: string;
  content: ReactNode;
}

/**
 * Two-tab switcher for the sign-in page, written by hand instead of Radix Tabs: Radix brings about
 * 10 KB gzip to a route whose budget is 30 KB (docs/performance.md). It follows the WAI-ARIA tabs pattern
 * like Radix does: roving tabindex, arrow keys/Home/End move and select, only the active panel is mounted.
 */
export function AuthTabs({ tabs, defaultValue, onValueChange }: { tabs: AuthTab[]; defaultValue: string; onValueChange?: (value: string) => void }) {
  const [active, setActiveState] = useState(defaultValue);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const tabId = (value: string) => `${baseId}-tab-${value}`;
  const panelId = (value: string) => `${baseId}-panel-${value}`;
  function setActive(value: string) {
    setActiveState(value);
    onValueChange?.(value);
  }
  const current = tabs.find((tab) => tab.value === active) ?? tabs[0]!;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.value === current.value);
    const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const target = (next + tabs.length) % tabs.length;
    setActive(tabs[target]!.value);
    buttons.current[target]?.focus();
  }

  return (
    <div>
      <div
        role="tablist"
        aria-orientation="horizontal"
        onKeyDown={onKeyDown}
        className="inline-flex h-13 w-full items-center justify-center rounded-md bg-gray-100 p-1 text-gray-600 md:h-10"
      >
        {tabs.map((tab, index) => {
          const selected = tab.value === current.value;
          return (
            <button
              key={tab.value}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              onClick={() => setActive(tab.value)}
              className={cn(
                'inline-flex h-11 flex-1 cursor-pointer items-center justify-center rounded-sm px-3 py-1.5 text-sm md:h-auto font-medium whitespace-nowrap transition-colors',
                'hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-primary',
                selected && 'bg-white text-gray-900 shadow-sm',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId(current.value)}
        aria-labelledby={tabId(current.value)}
        tabIndex={0}
        className="mt-4 focus-visible:outline-2 focus-visible:outline-primary"
      >
        {current.content}
      </div>
    </div>
  );
}
