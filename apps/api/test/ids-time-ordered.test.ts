/**
 * Time-ordered ids (migrations 1660 and 1680, SQL uuid_v7): members, their accounts and movements (and a teller movement's group)
 * get version-7 ids in the order they are created, so the month-end jobs, which go through members and accounts in id order, write the indexes led by
 * those ids at their end instead of at random leaf pages (docs/interest.md "Sixth pass").
 */
import { describe, expect, it } from 'vitest';
import { body, newTenant, testDb } from './helpers.ts';
import { createActiveMember } from './members-fixtures.ts';
import { defaultProducts } from './reconcile.ts';

/** The insert-heavy tables whose ids are time-ordered (migrations 1660 and 1680), in name order. */
const TIME_ORDERED = [
  'bill',
  'bill_installment',
  'bill_payment',
  'business_unit_transaction',
  'deposit',
  'deposit_interest',
  'interest_consolidation_line',
  'loan',
  'loan_event',
  'loan_installment',
  'loan_payment',
  'member',
  'member_saving',
  'member_transaction',
  'saving_interest',
];

describe('time-ordered ids', () => {
  it('gives members, accounts and movements version-7 ids in the order they are created', async () => {
    const t = await newTenant();
    const p = await defaultProducts(t.tenantId);
    const made: Array<{ member: string; account: string; movement: string; group: string }> = [];
    for (const name of ['Anggota Pertama', 'Anggota Kedua']) {
      const m = await createActiveMember(t.admin, { fullName: name });
      const open = await t.admin.post('/api/transaction/request-open-product-member', {
        memberId: m.id,
        productId: p.voluntary,
        initialDeposit: 50000,
      });
      expect(open.statusCode, open.body).toBe(200);
      const account = body<any>(open).data.account.id as string;
      const dep = await t.admin.post('/api/transaction/topup-saving', { memberSavingId: account, amount: 10000 });
      expect(dep.statusCode, dep.body).toBe(200);
      const x = body<any>(dep).data.transaction;
      made.push({ member: m.id, account, movement: x.id, group: x.groupId });
      // Another millisecond for the next member (ids of one millisecond are not ordered among themselves).
      await new Promise((r) => setTimeout(r, 5));
    }
    for (const x of made) for (const id of Object.values(x)) expect(id[14], id).toBe('7');
    expect(made[0].member < made[1].member).toBe(true);
    expect(made[0].account < made[1].account).toBe(true);
    expect(made[0].movement < made[1].movement).toBe(true);
    expect(made[0].group < made[1].group).toBe(true);
    // The column defaults, as every writer that does not choose its ids gets them.
    const db = await testDb();
    const defaults = await db.owner((tx) =>
      tx.query<{ t: string; d: string }>(
        `SELECT table_name AS t, column_default AS d FROM information_schema.columns
          WHERE table_schema = 'public' AND column_name = 'id' AND table_name = ANY($1::text[])
          ORDER BY 1`,
        [TIME_ORDERED],
      ),
    );
    expect(defaults).toEqual(TIME_ORDERED.map((t) => ({ t, d: 'uuid_v7()' })));
  });
});
