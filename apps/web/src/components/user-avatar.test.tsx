import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { classesMatching } from '../test/classes.ts';
import { UserAvatar } from './user-avatar.tsx';

const sizeOf = (element: Element) => classesMatching(element, /^(size-|text-(xs|sm|lg|xl|\[))/);

describe('UserAvatar', () => {
  it('is 40 px by default and exactly the size asked otherwise, its initials scaled to fit', () => {
    render(
      <>
        <UserAvatar name="Ana Souza" src={null} />
        <UserAvatar name="Bruno Lima" src={null} size={8} />
        <UserAvatar name="Carla Mendes" src={null} size={16} />
      </>,
    );
    expect(sizeOf(screen.getByText('AS'))).toEqual(['size-10', 'text-sm']);
    expect(sizeOf(screen.getByText('BL'))).toEqual(['size-8', 'text-xs']);
    expect(sizeOf(screen.getByText('CM'))).toEqual(['size-16', 'text-lg']);
  });

  it('sizes a picture the same way', () => {
    const { container } = render(
      <UserAvatar name="Ana Souza" src="https://exemplo.com.br/ana.png" size={7} />,
    );
    expect(classesMatching(container.querySelector('img') as Element, /^size-/)).toEqual(['size-7']);
  });

  it("shows the initials when the picture's link fails to load, never a broken image", () => {
    const { container } = render(<UserAvatar name="Ana Souza" src="https://exemplo.com.br/sumiu.png" />);
    fireEvent.error(container.querySelector('img') as Element);
    expect(container.querySelector('img')).toBeNull();
    expect(sizeOf(screen.getByText('AS'))).toEqual(['size-10', 'text-sm']);
  });
});
