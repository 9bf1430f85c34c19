import { screen } from '@testing-library/react';
import { expect } from 'vitest';

/** Waits for the toast titled `title` and checks its text. */
export async function expectToast(title: string, description?: string) {
  // The toast's title, not a button or label on the page that says the same words.
  const titleElement = await screen.findByText(title, { selector: 'li *' });
  const toastElement = titleElement.closest('li');
  expect(toastElement).not.toBeNull();
  if (description) expect(toastElement).toHaveTextContent(description);
  return toastElement as HTMLElement;
}
