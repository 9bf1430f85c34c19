import { GROUP_MESSAGES } from '@estudai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, createGroup, createUser, signedInAs } from '../../../test/factories.ts';
import { groupVideos } from '../../db/schema/index.ts';
import { foldForSearch } from '../../lib/search-text.ts';

// One rule for free groups as for paid ones (docs/decisions/013): the card is public, the content
// (posts, materials and their downloads, videos and their links, forum) is for members, on every call.

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const youtube = 'https://www.youtube.com/watch?v=aqz-KE-bpKQ';

describe("a free group's members-only content", () => {
  it('answers 403 with the members-only message to a signed-in non-member on every content call', async () => {
    const owner = await createUser(t.app, { userType: 'professor' });
    const group = await createGroup(t.app, owner, { name: 'Física livre' });
    const [video] = await t.app.ctx.database.db
      .insert(groupVideos)
      .values({
        studyGroupId: group.id,
        uploadedBy: owner.id,
        title: 'Aula 1',
        description: '',
        category: 'aula',
        videoUrl: youtube,
        links: [{ title: 'Lista', url: 'https://exemplo.com.br/lista.pdf', type: 'download' }],
        searchText: foldForSearch('Aula 1', ''),
      })
      .returning();
    if (!video) throw new Error('no video');
    const visitor = await createUser(t.app);
    const cookie = await signedInAs(t.app, visitor);
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
    const base = `/api/study-groups/${group.id}`;

    expect((await get(base)).statusCode).toBe(200);
    for (const url of [
      `${base}/posts`,
      `${base}/materials`,
      `${base}/materials/6b0f7a52-9d55-4c1e-8f60-2f4f2b0c9a11/download`,
      `${base}/videos`,
      `${base}/forum`,
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: GROUP_MESSAGES.membersOnly, code: 'FORBIDDEN' });
    }
    const page = (await get(`${base}/videos/${video.id}`)).json().data;
    expect(page).toMatchObject({ videoUrl: null, links: null, canWatch: false });
    const library = (await get('/api/videos')).json().data;
    expect(JSON.stringify(library)).not.toContain('aqz-KE-bpKQ');
    expect(JSON.stringify(library)).not.toContain('lista.pdf');

    await addMember(t.app, group, visitor);
    for (const url of [`${base}/posts`, `${base}/materials`, `${base}/videos`, `${base}/forum`]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    expect((await get(`${base}/videos`)).json().data[0]).toMatchObject({ videoUrl: youtube, canWatch: true });
  });
});
