import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKind } from '../../../test/database.ts';
import { besidesVerification, signedUpVisitor } from '../../../test/factories.ts';
import { startSite, type TestSite } from '../../../test/support.ts';
import { notify } from '../../notifications/notify.ts';

let site: TestSite;
beforeAll(async () => {
  site = await startSite();
});
afterAll(() => site.close());

describe(`notification settings (${databaseKind})`, () => {
  it('lists the notification types with descriptions, for members only', async () => {
    const visitor = await site.visitor();
    await visitor.get('/api/me/notification-types').expect(401);
    const { visitor: member } = await signedUpVisitor(site);
    const res = await member.get('/api/me/notification-types').expect(200);
    expect(Object.keys(res.body).sort()).toEqual([
      'album_photos_added',
      'album_shared',
      'comment_after_mine',
      'comment_on_my_photo',
    ]);
    for (const description of Object.values(res.body)) expect(description).toMatch(/\w{3,}/);
  });

  it('disables types sent as true and enables those sent as false', async () => {
    const { visitor } = await signedUpVisitor(site);
    let me = await visitor
      .patch('/api/me/notifications', { album_shared: true, comment_on_my_photo: true })
      .expect(200);
    expect(me.body.disabledNotifications).toEqual(['album_shared', 'comment_on_my_photo']);
    me = await visitor
      .patch('/api/me/notifications', { album_shared: false, comment_on_my_photo: true })
      .expect(200);
    expect(me.body.disabledNotifications).toEqual(['comment_on_my_photo']);
    expect((await visitor.get('/api/me')).body.disabledNotifications).toEqual(['comment_on_my_photo']);
  });

  it('refuses an unknown type, inherited names included, with 400 and changes nothing', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    for (const changes of [{ album_shared: true, spam: true }, { constructor: true }, { valueOf: false }]) {
      expect((await visitor.patch('/api/me/notifications', changes)).status).toBe(400);
    }
    expect((await visitor.get('/api/me')).body.disabledNotifications).toEqual([]);
    expect(await site.deps.db.disabledNotification.count({ where: { userId: user.userId } })).toBe(0);
  });

  it('mails a notice only when its type is enabled for the recipient', async () => {
    const { visitor, user } = await signedUpVisitor(site);
    const notice = {
      type: 'album_shared' as const,
      to: user.emailAddress,
      subject: 'Ada shared an album with you',
      lines: ['Ada shared "Summer" with you.'],
      path: '/albums',
      actionLabel: 'Open the album',
    };
    await notify(site.deps.db, notice);
    expect(besidesVerification(await site.mailsTo(user.emailAddress))).toHaveLength(1);
    await visitor.patch('/api/me/notifications', { album_shared: true }).expect(200);
    await notify(site.deps.db, notice);
    expect(besidesVerification(await site.mailsTo(user.emailAddress))).toHaveLength(1);
    await notify(site.deps.db, { ...notice, type: 'comment_on_my_photo' });
    expect(besidesVerification(await site.mailsTo(user.emailAddress))).toHaveLength(2);
  });

  it('notifies an address that has no account yet', async () => {
    const to = 'newcomer@example.com';
    await notify(site.deps.db, {
      type: 'album_shared',
      to,
      subject: 'Shared',
      lines: ['x'],
      path: '/albums',
      actionLabel: 'Open',
    });
    expect(await site.mailsTo(to)).toHaveLength(1);
  });
});
