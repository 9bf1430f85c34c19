import { GROUP_MESSAGES } from '@estudai/contract/constants';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ana, type MockReply, mockApi, ok } from '../../../test/api-mock.ts';
import { GROUP_ID, groupPage, memberGroup, ownGroup, permissionsOf } from '../../../test/groups.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { expectToast } from '../../../test/toast.ts';
import { FORUM_API, makeForumComment, makeTopic } from '../testing/forum-fixtures.ts';

// Issue 24: the owner and co-teachers moderate from a 'Moderar' menu; the author sees the placeholder.

const PAGE = `/study-groups/${GROUP_ID}/forum`;
const GROUP_API = `/api/study-groups/${GROUP_ID}`;
const TITLE = 'Como calcular a velocidade média?';

function openForum(handlers: Record<string, MockReply>, asOwner: boolean) {
  const api = mockApi(
    {
      [`GET ${GROUP_API}`]: ok(asOwner ? ownGroup() : memberGroup()),
      [`GET ${GROUP_API}/permissions`]: ok(permissionsOf(asOwner)),
      ...handlers,
    },
    ana,
  );
  return { api, ...renderApp(PAGE, { storedUser: ana }) };
}

describe('forum moderation', () => {
  it('lets the owner hide a reply from its menu, through the server, and refreshes the forum', async () => {
    const { api, user } = openForum(
      {
        [`GET ${FORUM_API}`]: groupPage([makeTopic()]),
        [`PUT ${FORUM_API}/t-1/comments/fc-1/hide`]: ok(makeTopic()),
      },
      true,
    );
    await user.click(await screen.findByRole('button', { name: TITLE }));
    const loads = api.callsTo('GET', FORUM_API).length;
    await user.click(await screen.findByRole('button', { name: 'Moderar a resposta de Carla Mendes' }));
    await user.click(screen.getByRole('button', { name: GROUP_MESSAGES.contentHide }));
    expect(api.callsTo('PUT', `${FORUM_API}/t-1/comments/fc-1/hide`)[0]?.body).toEqual({ isHidden: true });
    await expectToast(GROUP_MESSAGES.contentHiddenToast);
    await waitFor(() => expect(api.callsTo('GET', FORUM_API).length).toBe(loads + 1));
  });

  it('asks before deleting a topic, and deletes only after the confirmation', async () => {
    const { api, user } = openForum(
      {
        [`GET ${FORUM_API}`]: groupPage([makeTopic()]),
        [`DELETE ${FORUM_API}/t-1`]: ok({ id: 't-1' }),
      },
      true,
    );
    await user.click(await screen.findByRole('button', { name: `Moderar o tópico ${TITLE}` }));
    await user.click(screen.getByRole('button', { name: GROUP_MESSAGES.contentDelete }));
    const dialog = await screen.findByRole('dialog', { name: GROUP_MESSAGES.topicDeleteConfirmTitle });
    expect(api.callsTo('DELETE', `${FORUM_API}/t-1`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: GROUP_MESSAGES.contentDelete }));
    await waitFor(() => expect(api.callsTo('DELETE', `${FORUM_API}/t-1`)).toHaveLength(1));
    await expectToast(GROUP_MESSAGES.contentDeletedToast);
  });

  it("shows the author 'Removido pela moderação' with nothing to like, and a member no moderation menu", async () => {
    const { user } = openForum(
      {
        [`GET ${FORUM_API}`]: groupPage([
          makeTopic({
            isClosed: true,
            comments: [
              makeForumComment({
                authorId: ana.id,
                authorName: 'Ana Souza',
                content: GROUP_MESSAGES.removedByModeration,
                moderation: 'hidden',
              }),
            ],
          }),
        ]),
      },
      false,
    );
    await user.click(await screen.findByRole('button', { name: TITLE }));
    const reply = await screen.findByRole('article', { name: 'Resposta de Ana Souza' });
    expect(within(reply).getByText('Removido pela moderação')).toBeInTheDocument();
    expect(within(reply).queryByRole('button', { name: /^Curtir/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Moderar/ })).not.toBeInTheDocument();
    // Closed: the reply box gives way to the reason.
    expect(screen.getByText(GROUP_MESSAGES.topicClosed)).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Escreva uma resposta' })).not.toBeInTheDocument();
    expect(screen.getByText(GROUP_MESSAGES.topicClosedBadge)).toBeInTheDocument();
  });
});
