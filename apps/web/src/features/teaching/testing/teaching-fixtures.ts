import type {
  Announcement,
  Earnings,
  GroupMember,
  GroupPage,
  InviteLink,
  InvitePreview,
  LiveClass,
} from '@estudai/contract/constants';
import { GROUP_ID } from '../../../test/groups.ts';

export const GROUP_API = `/api/study-groups/${GROUP_ID}`;

export const makeMember = (overrides: Partial<GroupMember> = {}): GroupMember => ({
  userId: 'u-bruno',
  username: 'bruno.lima',
  displayName: 'Bruno Lima',
  avatar: null,
  joinedAt: '2026-10-05T13:00:00.000Z',
  accessEndsAt: null,
  isPaying: false,
  lastActiveAt: null,
  answersCount: 0,
  simuladosCount: 0,
  ...overrides,
});

export const makeInviteLink = (overrides: Partial<InviteLink> = {}): InviteLink => ({
  code: 'abc123',
  url: 'http://localhost:3000/convite/abc123',
  studyGroupId: GROUP_ID,
  maxUses: null,
  usesCount: 0,
  expiresAt: null,
  couponPercent: null,
  couponMaxUses: null,
  couponUsesCount: 0,
  revokedAt: null,
  isActive: true,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...overrides,
});

export const makeInvite = (overrides: Partial<InvitePreview> = {}): InvitePreview => ({
  code: 'abc123',
  group: {
    id: GROUP_ID,
    name: 'Física para o ENEM',
    summary: 'Cinemática, dinâmica e energia.',
    description: 'Listas semanais e aulas ao vivo.',
    coverImage: null,
    coverSensitivity: 'ok',
    ownerName: 'Carla Mendes',
    isPaid: false,
    price: 0,
    subscriptionDuration: null,
  },
  couponPercent: null,
  firstPaymentAmount: 0,
  expiresAt: null,
  isMember: false,
  ...overrides,
});

export const makeAnnouncement = (overrides: Partial<Announcement> = {}): Announcement => ({
  id: 'an-1',
  studyGroupId: GROUP_ID,
  authorId: 'u-carla',
  authorName: 'Carla Mendes',
  authorAvatar: null,
  content: 'Aula extra de revisão no sábado!',
  isPinned: true,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  ...overrides,
});

/** The page for prospective members, written by Carla and rated by one member. */
export const makeGroupPage = (overrides: Partial<GroupPage> = {}): GroupPage => ({
  learnOutcomes: 'Resolver questões de cinemática do ENEM\nMontar diagramas de forças',
  syllabus: [{ title: 'Cinemática', lessons: ['Movimento uniforme', 'Queda livre'] }],
  faq: [{ question: 'As aulas ficam gravadas?', answer: 'Sim, por 6 meses.' }],
  reviews: [
    {
      userId: 'u-bia',
      displayName: 'Bia Lima',
      avatar: null,
      rating: 5,
      comment: 'Didática excelente!',
      updatedAt: '2026-11-20T12:00:00.000Z',
    },
  ],
  ...overrides,
});

export const makeClass = (overrides: Partial<LiveClass> = {}): LiveClass => ({
  id: 'cl-1',
  studyGroupId: GROUP_ID,
  title: 'Revisão de cinemática',
  // 2026-12-05 19:30 in Brasília.
  startsAt: '2026-12-05T22:30:00.000Z',
  endsAt: '2026-12-06T00:00:00.000Z',
  durationMinutes: 90,
  meetingUrl: 'https://meet.google.com/abc-defg-hij',
  createdBy: 'u-carla',
  calendarUrl: `${GROUP_API}/classes/cl-1/calendar.ics`,
  createdAt: '2026-11-26T12:00:00.000Z',
  ...overrides,
});

export const makeEarnings = (overrides: Partial<Earnings> = {}): Earnings => ({
  currency: 'BRL',
  months: [
    {
      month: '2026-09',
      paymentsCount: 0,
      grossAmount: 0,
      feeAmount: 0,
      refundsCount: 0,
      refundedAmount: 0,
      correctionsCount: 0,
    },
    {
      month: '2026-10',
      paymentsCount: 2,
      grossAmount: 9980,
      feeAmount: 476,
      refundsCount: 0,
      refundedAmount: 0,
      correctionsCount: 3,
    },
    {
      month: '2026-11',
      paymentsCount: 1,
      grossAmount: 4990,
      feeAmount: 238,
      refundsCount: 1,
      refundedAmount: 4990,
      correctionsCount: 5,
    },
  ],
  totals: { grossAmount: 14970, feeAmount: 714, refundedAmount: 4990, netAmount: 9266, correctionsCount: 8 },
  allGroups: { groupsCount: 1, grossAmount: 14970, feeAmount: 714, refundedAmount: 4990, netAmount: 9266 },
  activePaidMembers: 2,
  renewalsDue: [{ userId: 'u-bruno', displayName: 'Bruno Lima', accessEndsAt: '2026-12-10T12:00:00.000Z' }],
  refunds: [
    {
      paymentId: 'pay-3',
      userId: 'u-dani',
      displayName: 'Dani Rocha',
      amount: 4990,
      refundedAt: '2026-11-20T12:00:00.000Z',
      reason: 'Pediu para sair na primeira semana.',
    },
  ],
  payments: [
    {
      id: 'pay-2',
      userId: 'u-bruno',
      displayName: 'Bruno Lima',
      amount: 3992,
      couponPercent: 20,
      status: 'approved',
      paidAt: '2026-10-10T12:00:00.000Z',
      refundedAt: null,
    },
  ],
  ...overrides,
});
