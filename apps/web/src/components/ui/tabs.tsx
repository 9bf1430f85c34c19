import {
  type ComponentPropsWithoutRef,
  type Context,
  createContext,
  type KeyboardEvent,
  useContext,
  useId,
  useRef,
  useState,
} from 'react';
import { cn } from '../../lib/cn.ts';

// Tabs as Radix's Tabs rendered and ran them (horizontal, left to right, automatic activation,
// looping arrows), without its code: the feed's tabs were the last of Radix in its first route,
// and with it came its collection, roving focus and presence (some 7 KiB gzipped). The same
// elements, roles, ids, attributes and keys: a tablist that is one tab stop and hands focus to the
// selected tab; ←/→ (looping), Home/End and PageUp/PageDown move between tabs, focusing a tab
// selects it, Shift+Tab leaves the list; each tab controls its panel, which is in the page only
// while selected (an empty, hidden panel otherwise).

interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}
const TabsContext = createContext<TabsState | null>(null);

interface ListState {
  tabStop: string | null;
  setTabStop: (value: string) => void;
  leaveBackwards: () => void;
}
const ListContext = createContext<ListState | null>(null);

function useRequired<T>(context: Context<T | null>, part: string): T {
  const value = useContext(context);
  if (!value) throw new Error(`${part} must be inside its Tabs (and a tab inside its TabsList).`);
  return value;
}

const triggerId = (baseId: string, value: string) => `${baseId}-trigger-${value}`;
const contentId = (baseId: string, value: string) => `${baseId}-content-${value}`;

/** The tabs of a list that can take focus, in the page's order. */
const tabsOf = (list: Element | null) =>
  [...(list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? [])].filter(
    (tab) => !tab.hasAttribute('disabled'),
  );

/** Focuses the first of `candidates` that takes focus, stopping at the one focused already. */
function focusFirst(candidates: HTMLElement[]) {
  const before = document.activeElement;
  for (const candidate of candidates) {
    if (candidate === before) return;
    candidate.focus({ preventScroll: false });
    if (document.activeElement !== before) return;
  }
}

const FOCUS_INTENT: Record<string, 'first' | 'last' | 'prev' | 'next'> = {
  ArrowLeft: 'prev',
  ArrowRight: 'next',
  PageUp: 'first',
  Home: 'first',
  PageDown: 'last',
  End: 'last',
};

export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  ...props
}: Omit<ComponentPropsWithoutRef<'div'>, 'defaultValue' | 'dir'> & {
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
}) {
  const baseId = useId();
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const value = controlled ?? uncontrolled;
  // A press focuses the tab and selects it, and focusing selects it too: one change, told once.
  const latest = useRef(value);
  latest.current = value;
  const select = (next: string) => {
    if (next === latest.current) return;
    latest.current = next;
    if (controlled === undefined) setUncontrolled(next);
    onValueChange?.(next);
  };
  return (
    <TabsContext.Provider value={{ baseId, value, select }}>
      <div dir="ltr" data-orientation="horizontal" {...props} />
    </TabsContext.Provider>
  );
}

export function TabsList({ className, style, children, ...props }: ComponentPropsWithoutRef<'div'>) {
  const [tabStop, setTabStop] = useState<string | null>(null);
  const [leavingBackwards, setLeavingBackwards] = useState(false);
  const clickFocus = useRef(false);
  return (
    <ListContext.Provider value={{ tabStop, setTabStop, leaveBackwards: () => setLeavingBackwards(true) }}>
      <div
        role="tablist"
        aria-orientation="horizontal"
        tabIndex={leavingBackwards ? -1 : 0}
        data-orientation="horizontal"
        {...props}
        className={cn('flex gap-1 rounded-2xl bg-slate-100 p-1 dark:bg-slate-800/70', className)}
        style={{ outline: 'none', ...style }}
        onMouseDown={() => {
          clickFocus.current = true;
        }}
        onFocus={(event) => {
          // Reached with Tab: focus goes on to the selected tab (or the last one focused, or the first).
          if (event.target === event.currentTarget && !clickFocus.current && !leavingBackwards) {
            const tabs = tabsOf(event.currentTarget);
            const selected = tabs.find((tab) => tab.getAttribute('aria-selected') === 'true');
            const last = tabs.find((tab) => tab.tabIndex === 0);
            focusFirst([selected, last, ...tabs].filter((tab): tab is HTMLElement => tab !== undefined));
          }
          clickFocus.current = false;
        }}
        onBlur={() => setLeavingBackwards(false)}
      >
        {children}
      </div>
    </ListContext.Provider>
  );
}

export function TabsTrigger({
  value,
  className,
  disabled = false,
  ...props
}: Omit<ComponentPropsWithoutRef<'button'>, 'value'> & { value: string }) {
  const tabs = useRequired(TabsContext, 'TabsTrigger');
  const list = useRequired(ListContext, 'TabsTrigger');
  const selected = tabs.value === value;

  const handleKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (disabled || event.target !== event.currentTarget) return;
    if ([' ', 'Enter'].includes(event.key)) tabs.select(value);
    if (event.key === 'Tab' && event.shiftKey) {
      list.leaveBackwards();
      return;
    }
    const intent = FOCUS_INTENT[event.key];
    if (!intent || event.metaKey || event.ctrlKey || event.altKey || event.shiftKey) return;
    event.preventDefault();
    let candidates = tabsOf(event.currentTarget.closest('[role="tablist"]'));
    if (intent === 'last') candidates.reverse();
    else if (intent === 'prev' || intent === 'next') {
      if (intent === 'prev') candidates.reverse();
      const start = candidates.indexOf(event.currentTarget) + 1;
      candidates = candidates.map(
        (_, index) => candidates[(start + index) % candidates.length] as HTMLElement,
      );
    }
    setTimeout(() => focusFirst(candidates));
  };

  return (
    <button
      type="button"
      role="tab"
      aria-selected={selected}
      aria-controls={contentId(tabs.baseId, value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      disabled={disabled}
      id={triggerId(tabs.baseId, value)}
      tabIndex={list.tabStop === value ? 0 : -1}
      data-orientation="horizontal"
      {...props}
      className={cn(
        'flex-1 truncate rounded-xl px-3 py-2 text-sm font-medium text-slate-600 transition-colors',
        'hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:text-slate-300 dark:hover:text-white',
        'data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm',
        'dark:data-[state=active]:bg-slate-900 dark:data-[state=active]:text-white',
        className,
      )}
      onMouseDown={(event) => {
        if (disabled || event.button !== 0 || event.ctrlKey) {
          event.preventDefault();
          return;
        }
        event.currentTarget.focus();
        tabs.select(value);
        list.setTabStop(value);
      }}
      onKeyDown={handleKeyDown}
      onFocus={() => {
        if (!selected && !disabled) tabs.select(value);
        list.setTabStop(value);
      }}
    />
  );
}

export function TabsContent({
  value,
  className,
  children,
  ...props
}: Omit<ComponentPropsWithoutRef<'div'>, 'value'> & { value: string }) {
  const tabs = useRequired(TabsContext, 'TabsContent');
  const selected = tabs.value === value;
  return (
    <div
      data-state={selected ? 'active' : 'inactive'}
      data-orientation="horizontal"
      role="tabpanel"
      aria-labelledby={triggerId(tabs.baseId, value)}
      hidden={!selected}
      id={contentId(tabs.baseId, value)}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel is a tab stop (WAI-ARIA tabs pattern), as Radix's was.
      tabIndex={0}
      {...props}
      className={cn('outline-none', className)}
    >
      {selected && children}
    </div>
  );
}
