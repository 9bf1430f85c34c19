import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ana, fail, felipe, mockApi, ok, profileOf } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render-app.tsx';
import { MessageButton } from './message-button.tsx';

const other = { ...profileOf(felipe), isOwnProfile: false };

function ChatStandIn() {
  const { search } = useLocation();
  return <p>Chat {search}</p>;
}

const renderButton = (profile = other) =>
  renderWithProviders(
    <Routes>
      <Route path="/" element={<MessageButton profile={profile} />} />
      <Route path="/chat" element={<ChatStandIn />} />
    </Routes>,
  );

describe("'Mensagem' on a profile", () => {
  it('opens the chat with a mutual follower', async () => {
    const { calls } = mockApi(
      {
        'POST /api/chat/conversations': ok(
          {
            id: 'c-felipe',
            otherUser: {
              id: felipe.id,
              displayName: felipe.displayName,
              username: felipe.username,
              avatar: null,
            },
            lastMessage: null,
            lastMessageAt: null,
            unreadCount: 0,
          },
          201,
        ),
      },
      ana,
    );
    const { user } = renderButton({ ...other, isFollowing: true, followsYou: true });
    await user.click(screen.getByRole('button', { name: 'Mensagem' }));
    expect(await screen.findByText('Chat ?conversation=c-felipe')).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/chat/conversations')?.body).toEqual({
      otherUserId: felipe.id,
    });
  });

  it('is not offered unless both follow each other', () => {
    mockApi({}, ana);
    renderButton({ ...other, isFollowing: true, followsYou: false });
    expect(screen.queryByRole('button', { name: 'Mensagem' })).not.toBeInTheDocument();
  });

  it('says why when the server refuses (they stopped following back)', async () => {
    mockApi(
      {
        'POST /api/chat/conversations': fail(
          403,
          'Vocês precisam seguir um ao outro para conversar.',
          'FORBIDDEN',
        ),
      },
      ana,
    );
    const { user } = renderButton({ ...other, isFollowing: true, followsYou: true });
    await user.click(screen.getByRole('button', { name: 'Mensagem' }));
    await waitFor(() =>
      expect(screen.getByText('Vocês precisam seguir um ao outro para conversar.')).toBeInTheDocument(),
    );
  });
});
