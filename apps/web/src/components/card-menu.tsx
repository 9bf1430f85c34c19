import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { cn } from '../lib/cn.ts';

export interface CardMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
}

const itemClasses =
  'flex cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm outline-none select-none data-[highlighted]:bg-slate-100 dark:data-[highlighted]:bg-slate-800';

/** The '…' of a card or a profile: a short list of actions (edit, delete, report, block). */
export function CardMenu({
  label,
  items,
  size = 'md',
}: {
  label: string;
  items: CardMenuItem[];
  size?: 'sm' | 'md';
}) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={label}
          className={cn(
            'flex shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200',
            size === 'sm' ? 'size-7' : 'size-8',
          )}
        >
          <MoreHorizontal className={size === 'sm' ? 'size-4' : 'size-5'} aria-hidden />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 min-w-40 rounded-xl border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
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
