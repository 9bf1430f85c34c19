import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useRef } from 'react';
import { cn } from '../lib/cn.ts';
import { CardMenuIcon, type CardMenuProps, cardMenuTriggerClasses } from './card-menu-trigger.tsx';

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/**
 * The '…' menu itself (Radix), loaded by `CardMenu` on the first press. `defaultOpen`: opened by
 * that press; `focusFirstItem`: the press was a key, so focus goes to the first item, as Radix does
 * for a menu opened from the keyboard (it noticed no key here: the key was pressed before it loaded).
 */
export function RadixCardMenu({
  label,
  items,
  size = 'md',
  defaultOpen = false,
  focusFirstItem = false,
}: CardMenuProps & { defaultOpen?: boolean; focusFirstItem?: boolean }) {
  // Only for the opening that loaded it: later ones are Radix's own.
  const focusFirst = useRef(focusFirstItem);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger asChild>
        <button type="button" aria-label={label} className={cardMenuTriggerClasses(size)}>
          <CardMenuIcon size={size} />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
          // On opening Radix focuses the menu itself; the first item instead when opened by a key.
          onFocus={(event) => {
            if (!focusFirst.current || event.target !== event.currentTarget) return;
            focusFirst.current = false;
            event.currentTarget
              .querySelector<HTMLElement>('[role="menuitem"]')
              ?.focus({ preventScroll: true });
          }}
        >
          {items.map(({ label: itemLabel, icon: Icon, onSelect, destructive }) => (
            <DropdownMenu.Item
              key={itemLabel}
              className={cn(itemClasses, destructive && 'text-red-700 dark:text-red-400')}
              onSelect={onSelect}
            >
              <Icon className="size-4" aria-hidden />
              {itemLabel}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
