import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyUserLook, withUserLook } from './user-cache.ts';

const ana = { id: 'u-ana', displayName: 'Ana Júlia', avatar: '/media/avatars/ana.webp' };

describe('withUserLook', () => {
  it('rewrites the person in both shapes, deep inside pages, and leaves everyone else as it was', () => {
    const carla = { id: 'u-carla', displayName: 'Carla', avatar: null };
    const feed = {
      pages: [
        {
          data: [
            { id: 'p-1', author: { id: 'u-ana', displayName: 'Ana', avatar: null, userType: 'aluno' } },
            { id: 'p-2', author: carla },
          ],
          hasMore: false,
        },
      ],
      pageParams: [1],
    };
    const updated = withUserLook(feed, ana) as typeof feed;
    expect(updated.pages[0]?.data[0]?.author).toEqual({ ...ana, userType: 'aluno' });
    expect(updated.pages[0]?.data[1]).toBe(feed.pages[0]?.data[1]);

    const topic = { id: 't-1', authorId: 'u-ana', authorName: 'Ana', authorAvatar: null, title: 'Dúvida' };
    expect(withUserLook(topic, ana)).toEqual({ ...topic, authorName: 'Ana Júlia', authorAvatar: ana.avatar });

    const advertiser = { id: 'u-ana', displayName: 'Ana', name: 'Ana', avatar: null };
    expect(withUserLook(advertiser, ana)).toMatchObject({ displayName: 'Ana Júlia', name: 'Ana Júlia' });
  });

  it('answers the same object when the person is not in it', () => {
    const data = { pages: [{ data: [{ id: 'p-2', author: { id: 'u-carla', displayName: 'Carla' } }] }] };
    expect(withUserLook(data, ana)).toBe(data);
  });
});

describe('applyUserLook', () => {
  it('updates every cached query that shows the person, whatever its key', () => {
    const client = new QueryClient();
    client.setQueryData(['posts', 'feed'], {
      pages: [{ data: [{ id: 'p', author: { id: 'u-ana', displayName: 'Ana', avatar: null } }] }],
    });
    client.setQueryData(
      ['chat', 'conversations'],
      [{ id: 'c', otherUser: { id: 'u-ana', displayName: 'Ana', avatar: null } }],
    );
    applyUserLook(client, ana);
    expect(JSON.stringify(client.getQueryData(['posts', 'feed']))).toContain('Ana Júlia');
    expect(JSON.stringify(client.getQueryData(['chat', 'conversations']))).toContain('Ana Júlia');
  });
});
