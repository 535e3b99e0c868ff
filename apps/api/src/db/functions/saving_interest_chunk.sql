-- saving_interest_chunk: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- One chunk of the voluntary savings interest release (docs/interest.md "Release"), computed and written set-based
-- in one call for the savings accounts p_ids (the chunk's accounts, claimed once per release by runBatch):
--  1. locks the accounts FOR UPDATE (ascending id); keeps the voluntary, active ones open on or before p_end (of
--     p_product when given) that have product terms in force on p_end and no live interest row overlapping the period;
--  2. the balance basis from the movements in ONE statement: the opening balance and each date's closing balance in
--     the period (the account's balance less the movements dated after that day) make segments of days with one balance;
--     each segment's counted balance is the balance less the blocked amount, 0 below the product's interest minimum
--     (or at or below 0), capped at its interest maximum. HARIAN and RATA_RATA: sum of counted balance x days x rate
--     / 36500 (the average daily balance x rate x days / 365 is the same number), TERENDAH: the lowest counted balance
--     x rate x days / 36500; each rounded once half-up to the sen; not-get-interest accounts earn 0; the admin fee
--     is the product's monthly fee x the months the period touches. `savingsInterest` (packages/finance) is the same
--     rule for the simulations; interest.test.ts checks both on a hand-computed fixture;
--  3. the tax through interest_tax_withhold (THE PP 15/2009 rule, cumulative per subject and month, in account order);
--  4. the admin fee capped at what the account holds after the interest (balance - blocked + net, never negative);
--     accounts with neither interest nor fee are left out;
--  5. the balances, movements and saving_interest rows through saving_interest_write (arrays, no JSON between the two
--     functions); then ONE journal for the chunk
--     (Dr interest expense, Cr control; Dr control, Cr tax payable; Dr control, Cr admin fee income; lines merged per
--     account and side) posted last, so the journal counter is held only until COMMIT.
-- p_basis MEMBER or ACCOUNT (the tax subject), p_free / p_rate the tenant's tax-free amount and rate.
-- Answers one row: accounts paid, gross, tax, admin, net, the journal (NULL when nothing was paid).
-- enable_seqscan off (for this call and the functions and triggers it calls): every table is read by key. A backend
-- keeps these generic plans; made while a table was small (a young cooperative, a month's first release, statistics
-- taken before the run), a sequential scan per account would run for every account of every later chunk
-- (interest_tax_withhold did: docs/interest.md "Fifth pass"). interest-release-sql.test.ts "reads by key only".
CREATE OR REPLACE FUNCTION saving_interest_chunk(p_release uuid, p_ids uuid[], p_start date, p_end date, p_product uuid, p_user uuid,
                                                 p_channel text, p_basis text, p_free numeric, p_rate numeric)
 RETURNS TABLE(accounts integer, gross numeric, tax numeric, admin numeric, net numeric, journal_id uuid)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
 SET enable_seqscan TO 'off'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_month date := date_trunc('month', p_end)::date;
  v_days integer := p_end - p_start + 1;
  v_months integer := (extract(year FROM p_end)::int - extract(year FROM p_start)::int) * 12
                      + extract(month FROM p_end)::int - extract(month FROM p_start)::int + 1;
  c_id uuid[]; c_member uuid[]; c_product uuid[]; c_number text[]; c_balance numeric[]; c_blocked numeric[]; c_basis text[];
  c_bb numeric[]; c_rate numeric[]; c_gross numeric[]; c_fee numeric[]; c_subject uuid[];
  c_tax numeric[];
  w_s uuid[]; w_m uuid[]; w_p uuid[]; w_g numeric[]; w_t numeric[]; w_f numeric[]; w_b text[]; w_bb numeric[]; w_r numeric[]; w_subj uuid[];
  w_n text[];
  v_n integer;
  v_journal uuid;
  v_group uuid := gen_random_uuid();
  v_missing text;
  l_acc uuid[]; l_debit numeric[]; l_credit numeric[];
  pr_id uuid[]; pr_g numeric[]; pr_t numeric[]; pr_f numeric[];
  v_gross numeric; v_tax numeric; v_fee numeric;
  m record;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'saving_interest_chunk: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  -- 1 + 2. Locked accounts, their terms on p_end, the basis from the movements.
  WITH lk AS (
    SELECT s.id, s.member_id, s.product_id, s.account_number, s.balance, s.blocked_amount, s.is_not_get_interest, s.kind, s.saving_type,
           s.status, s.open_date
      FROM member_saving s WHERE s.tenant_id = v_tenant AND s.id = ANY(p_ids) ORDER BY s.id FOR UPDATE OF s
  ), tm AS (
    -- The terms in force on p_end, once per product of the chunk (not once per account).
    SELECT t.*
      FROM (SELECT DISTINCT lk.product_id FROM lk) pp
      JOIN LATERAL (SELECT t.* FROM product_terms t WHERE t.tenant_id = v_tenant AND t.product_id = pp.product_id AND t.effective_date <= p_end
                     ORDER BY t.effective_date DESC, t.version DESC LIMIT 1) t ON true
  ), a AS (
    SELECT lk.*, t.base_rate, t.daily_interest_percent AS dip, t.balance_basis, coalesce(t.monthly_admin_fee, 0) AS fee, coalesce(t.interest_min_balance, 0) AS min_b,
           t.interest_max_balance AS max_b
      FROM lk
      JOIN tm t ON t.product_id = lk.product_id
     WHERE lk.kind = 'SAVING' AND lk.saving_type = 'VOLUNTARY' AND lk.status = 'ACTIVE' AND (lk.open_date IS NULL OR lk.open_date <= p_end)
       AND (p_product IS NULL OR lk.product_id = p_product)
       -- Not paid yet for an overlapping period: a correlated lookup per account by its saving_id (a SubPlan, never
       -- turned into a join), so it reads the account's own interest rows whatever the planner thinks of the table:
       -- a set-wise `saving_id = ANY(p_ids)` filter was planned as a range scan of every row of the period (the cost
       -- of a chunk grew with the rows already released: 1,000,000 accounts took ~20 minutes).
       AND (SELECT i.id FROM saving_interest i
             WHERE i.tenant_id = v_tenant AND i.saving_id = lk.id AND i.status = 'POSTED' AND i.start_date <= p_end AND i.end_date >= p_start
             LIMIT 1) IS NULL
  ), r0 AS (
    -- Per account (lateral, by the account's own movements): the opening balance (k 0) and each date's closing balance
    -- (k 1) of the period make segments of days; the counted balance of each segment, summed over days and its lowest.
    -- A day's closing balance is the account's balance less every movement dated after it (the books' rule: a
    -- movement's journal carries its transaction date), never a row's balance_after: that is the balance in entry
    -- order, which puts a movement dated before rows already entered (a release dated at its period's end and posted
    -- after the next month's deposits, a loan paid out with an earlier date) on the wrong days. The account is locked
    -- (lk), so its balance and its movements agree. Reads the movements dated from the period's start on (the dated
    -- index's range).
    SELECT a.*, z.total, z.low
      FROM a
      CROSS JOIN LATERAL (
        WITH dd AS (
          -- Per date from the period's start: the net movement, and the net of the dates after it.
          SELECT q.d, q.net, sum(q.net) OVER (ORDER BY q.d DESC ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING) AS later
            FROM (SELECT t.transaction_date AS d, sum(saving_net(t.kind, t.amount)) AS net
                    FROM member_transaction t
                   WHERE t.tenant_id = v_tenant AND t.saving_id = a.id AND t.transaction_date >= p_start
                   GROUP BY t.transaction_date) q
        )
        SELECT sum(x.c * sg.days) AS total, min(x.c) FILTER (WHERE sg.days > 0) AS low
          FROM (SELECT p.b, coalesce(lead(p.d) OVER (ORDER BY p.d, p.k), p_end + 1) - p.d AS days
                  FROM (SELECT p_start AS d, 0 AS k, a.balance - coalesce((SELECT sum(dd.net) FROM dd), 0) AS b
                        UNION ALL
                        SELECT dd.d, 1, a.balance - coalesce(dd.later, 0) FROM dd WHERE dd.d <= p_end) p) sg
          CROSS JOIN LATERAL (SELECT CASE WHEN sg.b - a.blocked_amount <= 0 OR sg.b - a.blocked_amount < a.min_b THEN 0
                                          WHEN a.max_b IS NOT NULL AND sg.b - a.blocked_amount > a.max_b THEN a.max_b
                                          ELSE sg.b - a.blocked_amount END AS c) x) z
  ), r AS (
    SELECT r0.*, CASE WHEN r0.balance_basis = 'TERENDAH' THEN round(coalesce(r0.low, 0), 2) ELSE round(r0.total / v_days, 2) END AS bb,
           CASE WHEN r0.is_not_get_interest THEN 0
                WHEN r0.dip > 0 AND r0.balance_basis = 'TERENDAH' THEN round(coalesce(r0.low, 0) * r0.dip * v_days / 100, 2)
                WHEN r0.dip > 0 THEN round(r0.total * r0.dip / 100, 2)
                WHEN r0.balance_basis = 'TERENDAH' THEN round(coalesce(r0.low, 0) * r0.base_rate * v_days / 36500, 2)
                ELSE round(r0.total * r0.base_rate / 36500, 2) END AS g,
           round(r0.fee * v_months, 2) AS f
      FROM r0
  )
  SELECT array_agg(r.id ORDER BY r.id), array_agg(r.member_id ORDER BY r.id), array_agg(r.product_id ORDER BY r.id),
         array_agg(r.account_number ORDER BY r.id), array_agg(r.balance ORDER BY r.id), array_agg(r.blocked_amount ORDER BY r.id),
         array_agg(r.balance_basis ORDER BY r.id), array_agg(r.bb ORDER BY r.id), array_agg(CASE WHEN r.dip > 0 THEN r.dip * 365 ELSE r.base_rate END ORDER BY r.id),
         array_agg(r.g ORDER BY r.id), array_agg(r.f ORDER BY r.id),
         array_agg(CASE WHEN p_basis = 'ACCOUNT' THEN r.id ELSE r.member_id END ORDER BY r.id)
    INTO c_id, c_member, c_product, c_number, c_balance, c_blocked, c_basis, c_bb, c_rate, c_gross, c_fee, c_subject
    FROM r WHERE r.g > 0 OR r.f > 0;
  IF c_id IS NULL THEN
    RETURN QUERY SELECT 0, 0::numeric, 0::numeric, 0::numeric, 0::numeric, NULL::uuid;
    RETURN;
  END IF;

  -- 3. The tax (THE rule), in account order.
  c_tax := interest_tax_withhold(c_subject, array_fill(v_month, ARRAY[cardinality(c_id)]), c_gross, array_fill(p_free, ARRAY[cardinality(c_id)]),
                                 array_fill(p_rate, ARRAY[cardinality(c_id)]));

  -- 4. The admin fee capped; the items of the accounts paid.
  WITH u AS (
    SELECT u.*, CASE WHEN u.bal - u.blk + u.g - u.x <= 0 THEN 0 WHEN u.f > u.bal - u.blk + u.g - u.x THEN round(u.bal - u.blk + u.g - u.x, 2)
                     ELSE u.f END AS fee
      FROM unnest(c_id, c_member, c_product, c_number, c_balance, c_blocked, c_basis, c_bb, c_rate, c_gross, c_fee, c_subject, c_tax)
           AS u(s, m, p, num, bal, blk, b, bb, r, g, f, subj, x)
  )
  SELECT array_agg(u.s ORDER BY u.s), array_agg(u.m ORDER BY u.s), array_agg(u.p ORDER BY u.s), array_agg(u.g ORDER BY u.s),
         array_agg(u.x ORDER BY u.s), array_agg(u.fee ORDER BY u.s), array_agg(u.b ORDER BY u.s), array_agg(u.bb ORDER BY u.s),
         array_agg(u.r ORDER BY u.s), array_agg(u.subj ORDER BY u.s), array_agg(u.num || ' ' || p_start || ' s.d. ' || p_end ORDER BY u.s),
         count(*), sum(u.g), sum(u.x), sum(u.fee)
    INTO w_s, w_m, w_p, w_g, w_t, w_f, w_b, w_bb, w_r, w_subj, w_n, v_n, v_gross, v_tax, v_fee
    FROM u WHERE u.g > 0 OR u.fee > 0;
  IF coalesce(v_n, 0) = 0 THEN
    RETURN QUERY SELECT 0, 0::numeric, 0::numeric, 0::numeric, 0::numeric, NULL::uuid;
    RETURN;
  END IF;

  -- The journal's lines: the chunk's totals per product (one pass over the items), then per the product's GL
  -- mapping, merged per account and side (a lookup per product and role, not per account).
  SELECT array_agg(x.p), array_agg(x.g), array_agg(x.t), array_agg(x.f) INTO pr_id, pr_g, pr_t, pr_f
    FROM (SELECT i.p, sum(i.g) AS g, sum(i.t) AS t, sum(i.f) AS f
            FROM unnest(w_p, w_g, w_t, w_f) AS i(p, g, t, f) GROUP BY i.p) x;
  SELECT string_agg(DISTINCT x.miss, ', ') INTO v_missing
    FROM (SELECT p.name || '|' || e.role AS miss
            FROM unnest(pr_id, pr_g, pr_t, pr_f) AS i(p, g, t, f)
            CROSS JOIN LATERAL (VALUES ('INTEREST_EXPENSE', i.g), ('CONTROL', i.g), ('TAX_PAYABLE', i.t), ('ADMIN_FEE_INCOME', i.f)) AS e(role, amt)
            JOIN product p ON p.tenant_id = v_tenant AND p.id = i.p
           WHERE e.amt > 0 AND NOT EXISTS (SELECT 1 FROM product_gl_account g WHERE g.tenant_id = v_tenant AND g.product_id = i.p AND g.role = e.role)) x;
  IF v_missing IS NOT NULL THEN
    RAISE EXCEPTION 'saving_interest_chunk: GL account missing' USING ERRCODE = 'KI001', DETAIL = split_part(v_missing, ', ', 1);
  END IF;
  SELECT array_agg(y.acc ORDER BY y.side, y.acc), array_agg(y.dr ORDER BY y.side, y.acc), array_agg(y.cr ORDER BY y.side, y.acc)
    INTO l_acc, l_debit, l_credit
    FROM (SELECT g.coa_id AS acc, e.side, CASE WHEN e.side = 1 THEN sum(e.amt) ELSE 0 END AS dr, CASE WHEN e.side = 2 THEN sum(e.amt) ELSE 0 END AS cr
            FROM unnest(pr_id, pr_g, pr_t, pr_f) AS i(p, g, t, f)
            CROSS JOIN LATERAL (VALUES ('INTEREST_EXPENSE', 1, i.g), ('CONTROL', 2, i.g), ('CONTROL', 1, i.t), ('TAX_PAYABLE', 2, i.t),
                                       ('CONTROL', 1, i.f), ('ADMIN_FEE_INCOME', 2, i.f)) AS e(role, side, amt)
            JOIN product_gl_account g ON g.tenant_id = v_tenant AND g.product_id = i.p AND g.role = e.role
           WHERE e.amt > 0
           GROUP BY g.coa_id, e.side) y;

  -- 5. Balances, movements, interest rows; then the journal.
  v_journal := encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
                 substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid;
  PERFORM saving_interest_write(p_release, p_start, p_end, v_month, v_journal, p_channel, p_user, w_s, w_m, w_p, w_g, w_t, w_f, w_b, w_bb, w_r,
                                w_subj, w_n);
  SELECT * INTO m FROM ledger_post_arrays(
    ARRAY[v_journal], ARRAY[p_end], ARRAY[left('Jasa simpanan ' || p_start || ' s.d. ' || p_end || ' (' || v_n || ' rekening)', 500)],
    ARRAY['JASA-' || p_end], ARRAY['SAVING'], ARRAY[v_group::text], ARRAY[false], ARRAY[false], ARRAY[NULL::uuid], ARRAY[NULL::text],
    ARRAY[p_user], array_fill(1, ARRAY[cardinality(l_acc)]), (SELECT array_agg(g::int) FROM generate_series(1, cardinality(l_acc)) g),
    l_acc, l_debit, l_credit, array_fill(NULL::text, ARRAY[cardinality(l_acc)]), array_fill(NULL::uuid, ARRAY[cardinality(l_acc)]),
    array_fill(NULL::uuid, ARRAY[cardinality(l_acc)]), true, false) x;
  RETURN QUERY SELECT v_n, v_gross, v_tax, v_fee, v_gross - v_tax - v_fee, v_journal;
END
$function$;
REVOKE ALL ON FUNCTION saving_interest_chunk(uuid, uuid[], date, date, uuid, uuid, text, text, numeric, numeric) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_interest_chunk(uuid, uuid[], date, date, uuid, uuid, text, text, numeric, numeric) TO koperasi_app;
