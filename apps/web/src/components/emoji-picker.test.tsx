import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { classesMatching } from '../test/classes.ts';
import { EmojiPicker } from './emoji-picker.tsx';

describe('EmojiPicker', () => {
  it('turns its button indigo while the panel is open', async () => {
    const user = userEvent.setup();
    render(<EmojiPicker onPick={() => {}} />);
    const button = screen.getByRole('button', { name: 'Inserir emoji' });
    const colour = () => classesMatching(button, /^text-[a-z]+-\d/);
    expect(colour()).toEqual(['text-slate-500']);
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(colour()).toEqual(['text-indigo-600']);
  });
});
