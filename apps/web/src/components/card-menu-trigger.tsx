import { type LucideIcon, MoreHorizontal } from 'lucide-react';
import { cn } from '../lib/cn.ts';

// The look and props of the '…' button, the same before its menu has loaded (card-menu.tsx) and
// after (card-menu-radix.tsx).

type Size = 'sm' | 'md';

interface CardMenuItem {
  label: string;
  icon: LucideIcon;
  onSelect: () => void;
  destructive?: boolean;
}

export interface CardMenuProps {
  label: string;
  items: CardMenuItem[];
  size?: 'sm' | 'md';
}

export const cardMenuTriggerClasses = (size: Size) =>
  cn(
    'flex shrink-0 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500 dark:hover:bg-slate-800 dark:hover:text-slate-200',
    size === 'sm' ? 'size-7' : 'size-8',
  );

export const CardMenuIcon = ({ size }: { size: Size }) => (
  <MoreHorizontal className={size === 'sm' ? 'size-4' : 'size-5'} aria-hidden />
);
