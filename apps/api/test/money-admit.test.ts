/**
 * money_admit (db/functions/money_admit.sql): the one place the batched money paths (saving_move_many,
 * loan_pay_many) decide which movements of a batch go: the first of each account (or loan) and of each
 * Idempotency-Key, a principal unchanged, the key claimed now. Each case runs in a rolled-back transaction.
 */
import { describe, expect, it } from 'vitest';
import { countCalls, newTenant } from './helpers.ts';

type Item = Record<string, unknown>;

async function admit(items: (p: { session: string; digest: string }, usr: string) => Item[], once: string[], existingKeys: string[] = []) {
  const t = await newTenant();
  const { result } = await countCalls(t.tenantId, t.adminUserId, 'money_admit', async (tx, p) => {
    for (const k of existingKeys)
      await tx.exec(`INSERT INTO idempotency_key (tenant_id, key, request_hash, method, path) VALUES ($1, $2, 'h', 'POST', '/x')`, [
        t.tenantId,
        k,
      ]);
    const list = items(p, t.adminUserId);
    const ok = (await tx.one<{ ok: number[] | null }>('SELECT money_admit($1::jsonb, $2::text[]) AS ok', [JSON.stringify(list), once]))!.ok;
    const keys = (
      await tx.query<{ key: string }>('SELECT key FROM idempotency_key WHERE tenant_id = $1 AND path = $2 ORDER BY key', [
        t.tenantId,
        '/admit',
      ])
    ).map((r) => r.key);
    return { ok, keys };
  });
  return result;
}

const A = '0194c0de-0000-7000-8000-00000000000a';
const B = '0194c0de-0000-7000-8000-00000000000b';
const L1 = '0194c0de-0000-7000-8000-0000000000c1';
const L2 = '0194c0de-0000-7000-8000-0000000000c2';
const L3 = '0194c0de-0000-7000-8000-0000000000c3';

function item(ord: number, fields: Item, p: { session: string; digest: string }, usr: string): Item {
  return { ord, usr, session: p.session, digest: p.digest, idem_hash: 'h', idem_method: 'POST', idem_path: '/admit', ...fields };
}

describe('money_admit: which movements of a batch go', () => {
  it('admits the first movement of each account and claims only the admitted keys', async () => {
    const r = await admit(
      (p, u) => [
        item(0, { saving: A, idem_key: 'k0' }, p, u),
        item(1, { saving: B, idem_key: 'k1' }, p, u),
        item(2, { saving: A, idem_key: 'k2' }, p, u), // A again: the next transaction's
        item(3, { saving: A.toUpperCase(), idem_key: 'k3' }, p, u), // the same account spelled in capitals
      ],
      ['saving'],
    );
    expect(r.ok).toEqual([0, 1]);
    expect(r.keys).toEqual(['k0', 'k1']);
  });

  it('admits the first movement of each Idempotency-Key and none whose key is already claimed', async () => {
    const r = await admit(
      (p, u) => [
        item(0, { saving: A, idem_key: 'same' }, p, u),
        item(1, { saving: B, idem_key: 'same' }, p, u),
        item(2, { saving: L1, idem_key: 'taken' }, p, u),
        item(3, { saving: L2 }, p, u), // no key: nothing to claim
      ],
      ['saving'],
      ['taken'],
    );
    expect(r.ok).toEqual([0, 3]);
    expect(r.keys).toEqual(['same']);
  });

  it('a loan payment goes once per loan and once per savings account paid from; an empty field names nothing', async () => {
    const r = await admit(
      (p, u) => [
        item(0, { loan: L1, saving: A, idem_key: 'p0' }, p, u),
        item(1, { loan: L2, saving: A, idem_key: 'p1' }, p, u), // A already pays L1 in this batch
        item(2, { loan: L1, idem_key: 'p2' }, p, u), // L1 already paid in this batch
        item(3, { loan: L3, idem_key: 'p3' }, p, u), // cash: no savings account
        item(5, { loan: L2, idem_key: 'p5' }, p, u), // L2 is ord 1's (not admitted, still the first of L2)
        item(4, { loan: B, saving: null, idem_key: 'p4' }, p, u),
      ],
      ['loan', 'saving'],
    );
    expect(r.ok).toEqual([0, 3, 4]);
    expect(r.keys).toEqual(['p0', 'p3', 'p4']);
  });

  it('admits nothing whose signed-in principal changed, and claims none of its keys', async () => {
    const r = await admit(
      (p, u) => [item(0, { saving: A, idem_key: 'good' }, p, u), item(1, { saving: B, idem_key: 'stale', digest: 'stale' }, p, u)],
      ['saving'],
    );
    expect(r.ok).toEqual([0]);
    expect(r.keys).toEqual(['good']);
  });

  it("refuses a resource it does not know (a caller's typo would otherwise admit every movement of an account)", async () => {
    await expect(admit((p, u) => [item(0, { account: A }, p, u)], ['account'])).rejects.toThrow(/unknown resource/);
  });

  it('answers NULL when nothing goes', async () => {
    const r = await admit((p, u) => [item(0, { saving: A, idem_key: 'x', digest: 'stale' }, p, u)], ['saving']);
    expect(r.ok).toBeNull();
    expect(r.keys).toEqual([]);
  });
});
