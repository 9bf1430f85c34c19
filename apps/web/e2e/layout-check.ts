import { expect, type Page } from '@playwright/test';

/**
 * What a person sees wrong on a screen, whatever screen it is (issue 23: fix the class, not the
 * instance): the page or a control running off the side of the screen, a control cut off by a box
 * that cannot scroll, and anything floating (fixed and narrower than a bar) lying over a control.
 * Full-width bars (tab bar, headers, composers) are opaque frames the page keeps room for; toasts are
 * checked on their own.
 */
function findLayoutProblems(): string[] {
  const problems: string[] = [];
  const viewportWidth = document.documentElement.clientWidth;
  const describe = (el: Element) => {
    const label =
      el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `<${el.tagName.toLowerCase()}> "${label}"`;
  };
  const isVisible = (el: Element) => {
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
  };
  const isFixed = (el: Element) => getComputedStyle(el).position === 'fixed';
  const fixedAncestor = (el: Element): Element | null => {
    for (let node: Element | null = el; node; node = node.parentElement) if (isFixed(node)) return node;
    return null;
  };
  const zIndex = (el: Element) => Number.parseInt(getComputedStyle(el).zIndex, 10) || 0;
  const isToast = (el: Element) => el.closest('[data-toast-viewport], [role=region][aria-label*="Notifica"]');

  if (document.documentElement.scrollWidth > viewportWidth + 1) {
    problems.push(
      `the page is ${document.documentElement.scrollWidth}px wide on a ${viewportWidth}px screen`,
    );
  }

  const controls = [
    ...document.querySelectorAll(
      'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=tab], [role=link]',
    ),
  ].filter((el) => isVisible(el) && !el.closest('[aria-hidden=true], [inert]'));

  for (const control of controls) {
    const rect = control.getBoundingClientRect();
    // A visually hidden input (sr-only radios) is reached through its label.
    if (rect.width <= 1 && rect.height <= 1) continue;
    if (rect.left < -1 || rect.right > viewportWidth + 1) {
      // Inside a box that scrolls sideways (a row of chips), the finger can bring it in.
      let scrolls = false;
      for (let node = control.parentElement; node; node = node.parentElement) {
        const overflowX = getComputedStyle(node).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && node.scrollWidth > node.clientWidth) {
          scrolls = true;
          break;
        }
      }
      if (!scrolls)
        problems.push(
          `${describe(control)} runs off the screen (${Math.round(rect.left)}–${Math.round(rect.right)}px)`,
        );
    }
    for (let node = control.parentElement; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      const box = node.getBoundingClientRect();
      if (rect.right > box.right + 1 || rect.left < box.left - 1) {
        problems.push(`${describe(control)} is cut off by its box`);
      }
      break;
    }
  }

  const floating = [...document.querySelectorAll('body *')].filter(
    (el) =>
      isFixed(el) &&
      isVisible(el) &&
      !isToast(el) &&
      el.getBoundingClientRect().width < viewportWidth * 0.9 &&
      // A dialog's overlay and content are the screen while open.
      !el.closest('[role=dialog], [role=alertdialog]') &&
      getComputedStyle(el).pointerEvents !== 'none',
  );
  for (const float of floating) {
    const f = float.getBoundingClientRect();
    for (const control of controls) {
      if (float.contains(control) || control.contains(float)) continue;
      const frame = fixedAncestor(control);
      // Controls inside another fixed frame (a header, the tab bar) belong to the chrome, checked below.
      if (frame && !frame.contains(float) && zIndex(frame) > zIndex(float)) continue;
      const c = control.getBoundingClientRect();
      const overlapX = Math.min(f.right, c.right) - Math.max(f.left, c.left);
      const overlapY = Math.min(f.bottom, c.bottom) - Math.max(f.top, c.top);
      if (overlapX > 2 && overlapY > 2) {
        problems.push(`${describe(float)} floats over ${describe(control)}`);
      }
    }
  }
  return [...new Set(problems)];
}

/**
 * Checks the screen at the top, then scrolled step by step (at most `steps` screens, as the feed
 * never ends): at no scroll position may anything floating lie over a control, nor anything run off
 * the side. With `steps: 0` only what is on screen now (an open dialog).
 */
export async function expectSoundLayout(page: Page, where: string, { steps = 10 } = {}) {
  if (steps > 0) await page.evaluate(() => window.scrollTo(0, 0));
  const seen = new Set<string>();
  for (let step = 0; ; step++) {
    // Let sticky and fixed elements settle (the scroll-to-top button appearing).
    await page.waitForTimeout(100);
    for (const problem of await page.evaluate(findLayoutProblems)) seen.add(problem);
    if (step >= steps) break;
    const atEnd = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, Math.round(window.innerHeight * 0.6));
      return window.scrollY === before;
    });
    if (atEnd) break;
  }
  if (steps > 0) await page.evaluate(() => window.scrollTo(0, 0));
  // Soft: one run lists every screen's problems, not only the first screen's.
  expect.soft([...seen], `layout of ${where}`).toEqual([]);
}
