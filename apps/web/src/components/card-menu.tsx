import { useState } from 'react';
import { lazyPart } from '../lib/lazy-part.tsx';
import { CardMenuIcon, type CardMenuProps, cardMenuTriggerClasses } from './card-menu-trigger.tsx';

// Radix's menu and its positioning (floating-ui) load on the first press of a '…', not with the
// feed, whose every card has one.
const RadixCardMenu = lazyPart(() => import('./card-menu-radix.tsx'), 'RadixCardMenu');

/**
 * The '…' of a card or a profile: a short list of actions (edit, delete, report, block). Until the
 * menu's code has arrived it is a button that looks and reads the same (a menu button, collapsed)
 * and answers the presses Radix's trigger answers (a primary pointer press; Enter, Space and the
 * down arrow) by loading the menu and opening it at once: from the keyboard, with its first item
 * focused, as Radix does. A card mounted once the code is there renders Radix's menu from the start.
 */
export function CardMenu({ label, items, size = 'md' }: CardMenuProps) {
  const [mode, setMode] = useState<'button' | 'menu' | 'opened by pointer' | 'opened by keyboard'>(() =>
    RadixCardMenu.loaded() ? 'menu' : 'button',
  );
  if (mode !== 'button') {
    return (
      <RadixCardMenu
        label={label}
        items={items}
        size={size}
        defaultOpen={mode !== 'menu'}
        focusFirstItem={mode === 'opened by keyboard'}
      />
    );
  }
  // A chunk that fails to arrive leaves the button as it is: the next press asks for it again.
  const open = (how: 'opened by pointer' | 'opened by keyboard') =>
    RadixCardMenu.preload().then(
      () => setMode(how),
      () => undefined,
    );
  return (
    <button
      type="button"
      aria-label={label}
      aria-haspopup="menu"
      aria-expanded={false}
      data-state="closed"
      className={cardMenuTriggerClasses(size)}
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        // As Radix's trigger: no focus on the button, the menu takes it.
        event.preventDefault();
        void open('opened by pointer');
      }}
      onKeyDown={(event) => {
        if (!['Enter', ' ', 'ArrowDown'].includes(event.key)) return;
        event.preventDefault();
        void open('opened by keyboard');
      }}
    >
      <CardMenuIcon size={size} />
    </button>
  );
}
