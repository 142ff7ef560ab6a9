import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox, staffInvitations, users } from '#server/db/schema.ts';
import { newRequestId, paidSimulatedOrder } from '#server/test/refund-fixtures.ts';
import { createTestApp, type SignedIn, type TestApp } from '#server/test/test-app.ts';
import { setStaffRole } from './staff-service.ts';

let t: TestApp;
let owner: SignedIn;
let ipCounter = 0;
// each request from its own address: the invitation routes share the sign-in rate limit
const nextIp = () => `10.52.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;
const origin = 'http://localhost:80';

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signIn({ admin: true });
}, 60_000);
afterAll(() => t.close());

const invite = (email: string, role: string) => owner.inject({ method: 'POST', url: '/api/admin/staff/invitations', payload: { email, role } });

/** The e-mail goes out after the answer: waits for the n-th invitation to the address and answers its link's token. */
async function tokenFromMail(to: string, n = 1): Promise<string> {
  const mail = await vi.waitFor(
    async () => {
      const mails = await t.db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.recipient, to), eq(emailOutbox.kind, 'staff-invitation')))
        .orderBy(emailOutbox.id);
      if (mails.length < n) throw new Error(`no invitation #${n} to ${to} yet`);
      return mails[n - 1]!;
    },
    { timeout: 5000 },
  );
  const link = /http:\/\/\S+\/staff-invitation\?token=([\w-]+)/.exec(mail.text);
  if (!link) throw new Error(`no link in ${mail.text}`);
  return link[1]!;
}

const view = (token: string) => t.app.inject({ method: 'GET', url: `/api/staff-invitations/${token}`, remoteAddress: nextIp() });
const accept = (payload: object, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/staff-invitations/accept', remoteAddress: nextIp(), payload, headers: { origin, ...(cookie && { cookie }) } });

describe('staff invitations', () => {
  it('e-mails a single-use link; the invitee chooses a username and password, is signed in and has the role', async () => {
    expect((await invite('Packer@Example.com', 'fulfilment')).statusCode).toBe(204);
    const token = await tokenFromMail('packer@example.com');
    const [stored] = await t.db.select().from(staffInvitations).where(eq(staffInvitations.email, 'packer@example.com'));
    expect(stored!.tokenHash).not.toContain(token);
    expect((await view(token)).json()).toEqual({ email: 'packer@example.com', role: 'fulfilment' });

    const joined = await accept({ token, username: 'packer', password: 'third-shot-drop-42' });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ username: 'packer', email: 'packer@example.com', isAdmin: false, role: 'fulfilment' });
    expect(joined.json().permissions).toEqual(['orders.view', 'orders.fulfil', 'returns.receive']);
    const cookie = `sid=${joined.cookies.find((c) => c.name === 'sid')!.value}`;
    const orders = await t.app.inject({ method: 'GET', url: '/api/orders/active', headers: { cookie } });
    expect(orders.statusCode).toBe(200);

    // used once: the link is spent
    expect((await view(token)).statusCode).toBe(410);
    const again = await accept({ token, username: 'packer2', password: 'third-shot-drop-42' });
    expect(again.statusCode).toBe(410);
    expect(again.json().message).toBe('This invitation has expired or has already been used. Ask the shop owner for a new one.');
  });

  it('refuses an expired link, a withdrawn one and one replaced by a newer invitation', async () => {
    await invite('late@example.com', 'support');
    const expired = await tokenFromMail('late@example.com');
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.email, 'late@example.com'));
    expect((await accept({ token: expired, username: 'late', password: 'third-shot-drop-42' })).statusCode).toBe(410);

    await invite('twice@example.com', 'support');
    const first = await tokenFromMail('twice@example.com');
    await invite('twice@example.com', 'manager');
    const second = await tokenFromMail('twice@example.com', 2);
    expect((await view(first)).statusCode).toBe(410);
    expect((await view(second)).json()).toEqual({ email: 'twice@example.com', role: 'manager' });

    const overview = (await owner.inject({ method: 'GET', url: '/api/admin/staff' })).json();
    const pending = overview.invitations.find((invitation: { email: string }) => invitation.email === 'twice@example.com');
    expect(overview.invitations.map((invitation: { email: string }) => invitation.email)).not.toContain('late@example.com');
    expect((await owner.inject({ method: 'DELETE', url: `/api/admin/staff/invitations/${pending.id}` })).statusCode).toBe(204);
    expect((await view(second)).statusCode).toBe(410);
  });

  it('lets only one of two racing acceptances of one link through', async () => {
    await invite('race@example.com', 'support');
    const token = await tokenFromMail('race@example.com');
    const answers = await Promise.all([
      accept({ token, username: 'racer-one', password: 'third-shot-drop-42' }),
      accept({ token, username: 'racer-two', password: 'third-shot-drop-42' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410]);
    const staffNamed = await t.db.select({ username: users.username }).from(users).where(eq(users.email, 'race@example.com'));
    expect(staffNamed).toHaveLength(1);
  });

  it('gives the role to a signed-in account; signed out, an address with an account is told to sign in', async () => {
    const shopper = await t.signIn({ email: 'regular@example.com' });
    await invite('regular@example.com', 'support');
    const token = await tokenFromMail('regular@example.com');
    const signedOut = await accept({ token, username: 'someone-new', password: 'third-shot-drop-42' });
    expect(signedOut.statusCode).toBe(409);
    expect(signedOut.json().message).toBe('regular@example.com has an account: sign in with it, then open the link again');
    const joined = await accept({ token }, shopper.cookie);
    expect(joined.json()).toMatchObject({ id: shopper.id, role: 'support' });
    expect((await shopper.inject({ method: 'GET', url: '/api/users' })).statusCode).toBe(200);
  });

  it('refuses to invite someone on the staff already, and bad input with 400', async () => {
    const member = await t.signIn({ role: 'manager', email: 'boss2@example.com' });
    expect((await invite('boss2@example.com', 'support')).json()).toEqual({
      message: 'boss2@example.com is on the staff already, as Manager: change their role instead',
    });
    expect((await invite('not-an-email', 'support')).statusCode).toBe(400);
    expect((await invite('x@example.com', 'admin')).statusCode).toBe(400);
    expect((await member.inject({ method: 'POST', url: '/api/admin/staff/invitations', payload: { email: 'x@example.com', role: 'owner' } })).statusCode).toBe(
      403,
    );
  });
});

describe('roles', () => {
  it('the owner changes a role and takes someone off the staff; their admin access follows at once', async () => {
    const member = await t.signIn({ role: 'support' });
    const changed = await owner.inject({ method: 'PATCH', url: `/api/admin/staff/${member.id}`, payload: { role: 'manager' } });
    expect(changed.json().members).toContainEqual(expect.objectContaining({ id: member.id, role: 'manager' }));
    expect((await member.inject({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(200);
    expect((await owner.inject({ method: 'DELETE', url: `/api/admin/staff/${member.id}` })).statusCode).toBe(204);
    expect((await member.inject({ method: 'GET', url: '/api/coupons' })).statusCode).toBe(403);
    expect((await owner.inject({ method: 'DELETE', url: `/api/admin/staff/${member.id}` })).statusCode).toBe(404);
  });

  it('keeps the last owner: nobody changes their own role, and of two owners demoting each other one stays', async () => {
    const self = await owner.inject({ method: 'PATCH', url: `/api/admin/staff/${owner.id}`, payload: { role: 'manager' } });
    expect(self.json()).toEqual({ message: 'You cannot change your own role' });
    const second = await t.signIn({ admin: true });
    const answers = await Promise.all([
      owner.inject({ method: 'PATCH', url: `/api/admin/staff/${second.id}`, payload: { role: 'support' } }),
      second.inject({ method: 'DELETE', url: `/api/admin/staff/${owner.id}` }),
    ]);
    const owners = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'owner'));
    expect(owners).toHaveLength(1);
    // the loser is refused by the guard (403) when the winner finished first, else by the lock (409)
    const [winner, loser] = answers.sort((a, b) => a.statusCode - b.statusCode);
    expect(winner!.statusCode).toBeLessThan(300);
    expect([403, 409]).toContain(loser!.statusCode);
    // put the main owner back for the tests below
    if (owners[0]!.id !== owner.id) await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
  });

  it('refuses at the service, under concurrency, to leave the shop without an owner', async () => {
    await t.db.update(users).set({ role: null }).where(eq(users.role, 'owner'));
    const [x, y] = await t.db
      .insert(users)
      .values([
        { username: 'owner-x', passwordHash: 'x', role: 'owner' },
        { username: 'owner-y', passwordHash: 'x', role: 'owner' },
      ])
      .returning();
    const results = await Promise.allSettled([setStaffRole(t.db, x!.id, y!.id, 'fulfilment'), setStaffRole(t.db, y!.id, x!.id, null)]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { message: 'The shop must keep at least one owner' } });
    expect(await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'owner'))).toHaveLength(1);
    await t.db.update(users).set({ role: 'owner' }).where(eq(users.id, owner.id));
  });

  it('isAdmin stays the spec: true makes an owner, false a customer; /api/user carries the role', async () => {
    const member = await t.signIn({ role: 'fulfilment' });
    expect((await member.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ isAdmin: false, role: 'fulfilment' });
    await owner.inject({ method: 'PATCH', url: `/api/users/${member.id}/admin`, payload: { isAdmin: true } });
    expect((await member.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ isAdmin: true, role: 'owner' });
    await owner.inject({ method: 'PATCH', url: `/api/users/${member.id}/admin`, payload: { isAdmin: false } });
    expect((await member.inject({ method: 'GET', url: '/api/user' })).json()).toMatchObject({ isAdmin: false, role: null, permissions: [] });
  });
});

describe('money by role', () => {
  it("support refunds up to the owner's limit; over it is 403 naming the limit, and nothing is refunded", async () => {
    const support = await t.signIn({ role: 'support' });
    const { orderId } = await paidSimulatedOrder(t);
    const refund = (amount: string) =>
      support.inject({
        method: 'POST',
        url: `/api/orders/${orderId}/refunds`,
        payload: { kind: 'amount', amount, reason: 'Goodwill', requestId: newRequestId() },
      });

    const none = await refund('1.00');
    expect(none.statusCode).toBe(403);
    expect(none.json()).toEqual({ message: 'A refund of $1.00 is over your limit of $0.00 per refund. Ask the shop owner or a manager.' });
    expect((await owner.inject({ method: 'PUT', url: '/api/admin/staff/refund-limit', payload: { limitCents: 1500 } })).statusCode).toBe(204);
    expect((await refund('15.01')).json()).toEqual({ message: 'A refund of $15.01 is over your limit of $15.00 per refund. Ask the shop owner or a manager.' });
    const within = await refund('15.00');
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json().order.refundedTotal).toBe('15.00');
    // the owner has no limit
    const big = await owner.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refunds`,
      payload: { kind: 'amount', amount: '20.00', reason: 'Broken', requestId: newRequestId() },
    });
    expect(big.statusCode, big.body).toBe(200);
    expect((await owner.inject({ method: 'PUT', url: '/api/admin/staff/refund-limit', payload: { limitCents: -1 } })).statusCode).toBe(400);
  });

  it('fulfilment may ship an order but not cancel it through its status, since cancelling refunds', async () => {
    const packer = await t.signIn({ role: 'fulfilment' });
    const { orderId } = await paidSimulatedOrder(t);
    const cancel = await packer.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'cancelled' } });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json()).toEqual({ message: 'Fulfilment staff may not cancel orders' });
    const ship = await packer.inject({ method: 'PATCH', url: `/api/orders/${orderId}/status`, payload: { status: 'shipped' } });
    expect(ship.statusCode, ship.body).toBe(200);
  });
});
