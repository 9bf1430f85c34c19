import type { GroupVideo, VideoListItem } from '@estudai/contract/constants';

export const GROUP_ID = 'g-fisica';
const advertiser = { displayName: 'Carla Mendes', avatar: null };

export function makeListItem(overrides: Partial<VideoListItem> = {}): VideoListItem {
  return {
    id: 'v-1',
    title: 'Revisão de cinemática',
    description: 'MRU e MRUV em 20 minutos.',
    category: 'revisao',
    thumbnail: null,
    duration: 754,
    views: 1_284,
    createdAt: '2026-01-10T12:00:00.000Z',
    group: { id: GROUP_ID, name: 'Física para o ENEM', advertiser },
    ...overrides,
  };
}

export function makeVideo(overrides: Partial<GroupVideo> = {}): GroupVideo {
  return {
    id: 'v-1',
    studyGroupId: GROUP_ID,
    title: 'Revisão de cinemática',
    description: 'MRU e MRUV em 20 minutos.',
    category: 'revisao',
    videoUrl: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
    thumbnail: 'https://i.ytimg.com/vi/aqz-KE-bpKQ/hqdefault.jpg',
    duration: 3_725,
    views: 2,
    isVisible: true,
    uploadedBy: 'u-carla',
    links: [
      { title: 'Lista de exercícios', url: 'https://exemplo.com.br/lista.pdf', type: 'download' },
      { title: 'Simulado online', url: 'https://exemplo.com.br/simulado', type: 'link' },
    ],
    createdAt: '2026-01-10T12:00:00.000Z',
    group: { id: GROUP_ID, name: 'Física para o ENEM', isPaid: false, price: 0, advertiser },
    canWatch: true,
    ...overrides,
  };
}

/** What a non-member of a paid group receives: the card, without the link and the links. */
export const lockedVideo = (overrides: Partial<GroupVideo> = {}) =>
  makeVideo({
    videoUrl: null,
    links: null,
    thumbnail: null,
    canWatch: false,
    group: { id: GROUP_ID, name: 'Física Premium', isPaid: true, price: 4_990, advertiser },
    ...overrides,
  });

/** The query strings of the calls to `path`, in order. */
export function queriesTo(fetchMock: { mock: { calls: unknown[][] } }, path: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === path)
    .map((url) => url.searchParams);
}
