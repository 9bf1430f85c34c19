import { TEACHING_ERROR_CODES, TEACHING_MESSAGES } from '@estudai/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, resetTestApp, type TestApp } from '../../../test/app.ts';
import { addMember, as, createGroup, createUser } from '../../../test/factories.ts';
import { groupClasses, groupMemberships, groupPayments, notifications } from '../../db/schema/index.ts';
import { sendClassReminders } from './classes.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
beforeEach(async () => {
  await resetTestApp(t);
});
afterAll(async () => {
  await t.app.close();
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const notificationsOf = (userId: string) =>
  t.app.ctx.database.db.select().from(notifications).where(eq(notifications.userId, userId));

async function setup(groupOverrides: Parameters<typeof createGroup>[2] = {}) {
  const owner = await createUser(t.app, { userType: 'professor', displayName: 'Carla Mendes' });
  const group = await createGroup(t.app, owner, { name: 'Física para o ENEM', ...groupOverrides });
  const member = await createUser(t.app, { displayName: 'Ana Souza' });
  await addMember(t.app, group, member);
  return { owner, group, member, ownerApi: await as(t.app, owner), memberApi: await as(t.app, member) };
}

describe('invite links', () => {
  it('joins a free group in one tap, counts one use per person, then answers 410 past the limit', async () => {
    const { group, ownerApi } = await setup();
    const created = await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, { maxUses: 1 });
    expect(created.statusCode).toBe(201);
    const link = created.json().data;
    expect(link.url).toBe(`${t.config.publicUrl}/convite/${link.code}`);
    const student = await createUser(t.app);
    const api = await as(t.app, student);
    const preview = await api.get(`/api/invites/${link.code}`);
    expect(preview.json().data).toMatchObject({ group: { id: group.id, isPaid: false }, isMember: false });
    const accepted = await api.post(`/api/invites/${link.code}/accept`);
    expect(accepted.json().data).toMatchObject({
      status: 'joined',
      studyGroupId: group.id,
      paymentPath: null,
    });
    expect((await api.get(`/api/study-groups/${group.id}/posts`)).statusCode).toBe(200);
    expect((await api.post(`/api/invites/${link.code}/accept`)).json().data.status).toBe('already_member');
    const late = await (await as(t.app, await createUser(t.app))).post(`/api/invites/${link.code}/accept`);
    expect(late.statusCode).toBe(410);
    expect(late.json()).toEqual({
      error: TEACHING_MESSAGES.inviteGone,
      code: TEACHING_ERROR_CODES.inviteGone,
    });
    const listed = await ownerApi.get(`/api/study-groups/${group.id}/invite-links`);
    expect(listed.json().data[0]).toMatchObject({ usesCount: 1, isActive: false });
  });

  it('answers 410 once the link has expired', async () => {
    let now = new Date();
    t.app.ctx.clock = () => now;
    const { group, ownerApi } = await setup();
    const link = (
      await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, { expiresAt: inHours(1) })
    ).json().data;
    const api = await as(t.app, await createUser(t.app));
    expect((await api.get(`/api/invites/${link.code}`)).statusCode).toBe(200);
    now = new Date(Date.now() + 2 * 3_600_000);
    expect((await api.get(`/api/invites/${link.code}`)).statusCode).toBe(410);
    expect((await api.post(`/api/invites/${link.code}/accept`)).statusCode).toBe(410);
  });

  it('revokes, and refuses bad input: coupon 0 or 101, a past expiry, a coupon on a free group, a member managing', async () => {
    const { group, ownerApi, memberApi } = await setup();
    const link = (await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, {})).json().data;
    const revoked = await ownerApi.del(`/api/study-groups/${group.id}/invite-links/${link.code}`);
    expect(revoked.json().data).toMatchObject({ isActive: false });
    expect((await memberApi.get(`/api/invites/${link.code}`)).statusCode).toBe(410);
    expect((await memberApi.get('/api/invites/nao-existe')).statusCode).toBe(404);
    for (const couponPercent of [0, 101]) {
      const res = await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, { couponPercent });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(TEACHING_MESSAGES.couponInvalid);
    }
    const past = await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, {
      expiresAt: inHours(-1),
    });
    expect(past.statusCode).toBe(400);
    const freeCoupon = await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, {
      couponPercent: 10,
    });
    expect(freeCoupon.json().error).toBe(TEACHING_MESSAGES.couponNeedsPaidGroup);
    expect((await memberApi.post(`/api/study-groups/${group.id}/invite-links`, {})).statusCode).toBe(403);
    expect((await ownerApi.get(`/api/study-groups/${group.id}/invite-links`)).json().data).toHaveLength(1);
  });

  it('shows a signed-out visitor the group, teacher, price and coupon, but not accepting (issue 36)', async () => {
    const { group, ownerApi } = await setup({ isPaid: true, price: 5000, subscriptionDuration: 1 });
    const link = (
      await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, { couponPercent: 20 })
    ).json().data;
    const preview = await t.app.inject({ method: 'GET', url: `/api/invites/${link.code}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data).toMatchObject({
      group: {
        id: group.id,
        name: 'Física para o ENEM',
        ownerName: 'Carla Mendes',
        isPaid: true,
        price: 5000,
      },
      couponPercent: 20,
      firstPaymentAmount: 4000,
      isMember: false,
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/invites/nao-existe' })).statusCode).toBe(404);
    const accept = await t.app.inject({ method: 'POST', url: `/api/invites/${link.code}/accept` });
    expect(accept.statusCode).toBe(401);
  });

  it('sends a paid group to its payment page, where the coupon takes its percent off the first payment once', async () => {
    const { group, ownerApi } = await setup({ isPaid: true, price: 5000, subscriptionDuration: 1 });
    const link = (
      await ownerApi.post(`/api/study-groups/${group.id}/invite-links`, {
        couponPercent: 20,
        couponMaxUses: 1,
      })
    ).json().data;
    const student = await createUser(t.app);
    const api = await as(t.app, student);
    expect((await api.get(`/api/invites/${link.code}`)).json().data).toMatchObject({
      couponPercent: 20,
      firstPaymentAmount: 4000,
    });
    const accepted = (await api.post(`/api/invites/${link.code}/accept`)).json().data;
    expect(accepted).toMatchObject({
      status: 'payment_required',
      amount: 4000,
      couponPercent: 20,
      paymentPath: `/study-groups/${group.id}/payment?convite=${link.code}`,
    });
    const paid = await api.post(`/api/study-groups/${group.id}/payments`, {
      method: 'pix',
      inviteCode: link.code,
    });
    expect(paid.json().data).toMatchObject({ status: 'approved', amount: 4000 });
    expect((await api.post(`/api/study-groups/${group.id}/membership`, { action: 'join' })).statusCode).toBe(
      200,
    );
    // The renewal pays the full price; the coupon's one use is gone for the next person too.
    const renewal = await api.post(`/api/study-groups/${group.id}/payments`, { inviteCode: link.code });
    expect(renewal.json().data.amount).toBe(5000);
    const other = await as(t.app, await createUser(t.app));
    expect((await other.get(`/api/invites/${link.code}`)).json().data).toMatchObject({
      couponPercent: null,
      firstPaymentAmount: 5000,
    });
    const rows = await t.app.ctx.database.db
      .select()
      .from(groupPayments)
      .where(eq(groupPayments.userId, student.id));
    expect(rows.map((r) => r.couponPercent).sort()).toEqual([20, null]);
  });
});

describe('announcements', () => {
  it('pins the newest on top and notifies everyone in the group but the author; members cannot post (403)', async () => {
    const { owner, group, member, ownerApi, memberApi } = await setup();
    const other = await createUser(t.app);
    await addMember(t.app, group, other);
    const res = await ownerApi.post(`/api/study-groups/${group.id}/announcements`, {
      content: 'Prova na sexta!',
    });
    expect(res.statusCode).toBe(201);
    await ownerApi.post(`/api/study-groups/${group.id}/announcements`, { content: 'Aula extra sábado.' });
    const list = (await memberApi.get(`/api/study-groups/${group.id}/announcements`)).json().data;
    expect(list.map((a: { content: string; isPinned: boolean }) => [a.content, a.isPinned])).toEqual([
      ['Aula extra sábado.', true],
      ['Prova na sexta!', false],
    ]);
    for (const user of [member, other]) {
      expect((await notificationsOf(user.id)).map((n) => n.title)).toContain('Aviso em Física para o ENEM');
    }
    expect(await notificationsOf(owner.id)).toHaveLength(0);
    const byMember = await memberApi.post(`/api/study-groups/${group.id}/announcements`, { content: 'Oi' });
    expect(byMember.statusCode).toBe(403);
    expect(
      (await ownerApi.post(`/api/study-groups/${group.id}/announcements`, { content: ' ' })).statusCode,
    ).toBe(400);
  });
});

describe('live classes', () => {
  const lesson = {
    title: 'Revisão de cinemática',
    startsAt: inHours(24),
    durationMinutes: 60,
    meetingUrl: 'https://meet.example.com/abc',
  };

  it('schedules a class, lists it, serves its .ics and reminds the group 15 minutes before, once', async () => {
    const { group, member, ownerApi, memberApi } = await setup();
    const created = await ownerApi.post(`/api/study-groups/${group.id}/classes`, lesson);
    expect(created.statusCode).toBe(201);
    const liveClass = created.json().data;
    expect((await memberApi.get(`/api/study-groups/${group.id}/classes`)).json().data).toEqual([liveClass]);
    const ics = await memberApi.get(liveClass.calendarUrl);
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(ics.body).toContain('BEGIN:VEVENT');
    expect(ics.body).toContain('SUMMARY:Aula ao vivo: Revisão de cinemática');
    const outsider = await as(t.app, await createUser(t.app));
    expect((await outsider.get(liveClass.calendarUrl)).statusCode).toBe(403);
    const startsAt = new Date(liveClass.startsAt);
    expect(await sendClassReminders(t.app.ctx, new Date(startsAt.getTime() - 20 * 60_000))).toBe(0);
    expect(await sendClassReminders(t.app.ctx, new Date(startsAt.getTime() - 14 * 60_000))).toBe(1);
    expect(await sendClassReminders(t.app.ctx, new Date(startsAt.getTime() - 10 * 60_000))).toBe(0);
    const titles = (await notificationsOf(member.id)).map((n) => n.title);
    expect(titles.filter((title) => title === TEACHING_MESSAGES.classReminderTitle)).toHaveLength(1);
  });

  it.each([
    ['a start in the past', { startsAt: inHours(-1) }, TEACHING_MESSAGES.classInPast],
    ['0 minutes', { durationMinutes: 0 }, TEACHING_MESSAGES.classDurationInvalid],
    [
      'a link that is not https',
      { meetingUrl: 'http://meet.example.com/abc' },
      TEACHING_MESSAGES.classLinkInvalid,
    ],
  ])('refuses %s with 400 and stores nothing', async (_name, change, message) => {
    const { group, ownerApi } = await setup();
    const res = await ownerApi.post(`/api/study-groups/${group.id}/classes`, { ...lesson, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe(message);
    expect(await t.app.ctx.database.db.select().from(groupClasses)).toHaveLength(0);
  });
});

describe('co-teachers', () => {
  it('are professors, mentors or tutors (a student is 400) who manage but do not administer', async () => {
    const { owner, group, member, ownerApi } = await setup();
    const student = await createUser(t.app);
    const notTeacher = await ownerApi.post(`/api/study-groups/${group.id}/teachers`, { userId: student.id });
    expect(notTeacher.statusCode).toBe(400);
    expect(notTeacher.json()).toEqual({
      error: TEACHING_MESSAGES.teacherNotEligible,
      code: TEACHING_ERROR_CODES.notATeacher,
    });
    const tutor = await createUser(t.app, { userType: 'tutor', displayName: 'Tiago Tutor' });
    const added = await ownerApi.post(`/api/study-groups/${group.id}/teachers`, { userId: tutor.id });
    expect(added.statusCode).toBe(201);
    expect(
      (await ownerApi.post(`/api/study-groups/${group.id}/teachers`, { userId: tutor.id })).statusCode,
    ).toBe(409);
    const tutorApi = await as(t.app, tutor);
    expect((await tutorApi.get(`/api/study-groups/${group.id}/permissions`)).json().data).toEqual({
      isOwner: false,
      isTeacher: true,
      canManage: true,
      canAdminister: false,
    });
    expect((await tutorApi.get(`/api/study-groups/${group.id}/members`)).statusCode).toBe(200);
    expect(
      (await tutorApi.post(`/api/study-groups/${group.id}/announcements`, { content: 'Oi, turma!' }))
        .statusCode,
    ).toBe(201);
    expect(
      (await tutorApi.patch(`/api/study-groups/${group.id}`, { price: 100, isPaid: true })).statusCode,
    ).toBe(403);
    expect((await tutorApi.del(`/api/study-groups/${group.id}/teachers/${owner.id}`)).statusCode).toBe(403);
    expect((await tutorApi.post(`/api/study-groups/${group.id}/invite-links`, {})).statusCode).toBe(403);
    expect((await ownerApi.del(`/api/study-groups/${group.id}/teachers/${owner.id}`)).statusCode).toBe(409);
    expect((await ownerApi.del(`/api/study-groups/${group.id}/teachers/${tutor.id}`)).statusCode).toBe(200);
    expect((await tutorApi.get(`/api/study-groups/${group.id}/members`)).statusCode).toBe(403);
    const [membership] = await t.app.ctx.database.db
      .select()
      .from(groupMemberships)
      .where(eq(groupMemberships.userId, member.id));
    expect(membership?.status).toBe('active');
  });
});
