-- deposit_pay_due: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- The interest engine of term deposits (docs/deposits.md), set-based: for the deposits p_ids (a release chunk, or
-- the one deposit of a withdrawal or break) it pays every period due up to p_through, in one transaction:
--  1. locks the deposits FOR UPDATE (ascending id), then the savings accounts receiving their interest (ascending id);
--  2. per round (a round ends at a term's maturity; a rollover starts a new round), the periods due of the current
--     term: gross = principal x rate / 12 (MONTHLY) or x days / 365 (ACTUAL_365), half-up to the sen; the tax through
--     interest_tax_withhold (THE PP 15/2009 rule, per member or per account and month, cumulative); the net to the
--     interest savings account, the interest holding account (penampung bunga; also when the savings account can no
--     longer receive), p_holding (withdrawal: everything there, no rollover), or into the principal (rollover
--     PRINCIPAL_INTEREST at maturity); at maturity a rollover at the product's rate for the same tenor in force on the
--     maturity day, else MATURED;
--     The interest the daily accrual (deposit_accrue) booked for a paid period is debited to interest payable, the rest
--     to interest expense (docs/deposits.md "Daily accrual");
--  3. writes the deposit movements (interest, tax as its own WITHDRAW_TAX, rolled-in interest),
--     the savings credits, and one deposit_interest row per deposit and payment day (unique while POSTED: the
--     "exactly once" key), and the deposits; then posts one journal per payment day (Dr interest expense, Cr tax
--     payable, Cr each destination) in ONE call of ledger_post_arrays, last (the journal counter is held until COMMIT).
-- Answers one row: deposits changed, payments, gross, tax, net, the journals, rollovers, maturities.
CREATE OR REPLACE FUNCTION deposit_pay_due(p_ids uuid[], p_through date, p_release uuid, p_holding uuid, p_user uuid, p_channel text, p_label text, p_basis text, p_free numeric, p_rate numeric)
 RETURNS TABLE(deposits integer, payments integer, gross numeric, tax numeric, net numeric, journal_ids uuid[], rolled integer, matured integer)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_ids uuid[];
  v_round integer := 0;
  v_n integer;
  v_changed uuid[] := '{}';
  v_rolled integer := 0;
  v_matured integer := 0;
  -- this round's payments (r_) and all payments (a_), in payment order (deposit id, due date)
  r_dep uuid[]; r_from date[]; r_to date[]; r_days integer[]; r_principal numeric[]; r_rate numeric[]; r_gross numeric[];
  r_tax numeric[]; r_subject uuid[]; r_month date[]; r_free numeric[]; r_prate numeric[]; r_dest text[]; r_saving uuid[];
  r_credit uuid[]; r_term integer[]; r_tv integer[]; r_mature boolean[]; r_expense uuid[]; r_taxacc uuid[]; r_accr numeric[]; r_payable uuid[];
  a_dep uuid[] := '{}'; a_from date[] := '{}'; a_to date[] := '{}'; a_days integer[] := '{}'; a_principal numeric[] := '{}';
  a_rate numeric[] := '{}'; a_gross numeric[] := '{}'; a_tax numeric[] := '{}'; a_subject uuid[] := '{}'; a_month date[] := '{}';
  a_dest text[] := '{}'; a_saving uuid[] := '{}'; a_credit uuid[] := '{}'; a_term integer[] := '{}'; a_tv integer[] := '{}';
  a_expense uuid[] := '{}'; a_taxacc uuid[] := '{}'; a_accr numeric[] := '{}'; a_payable uuid[] := '{}';
  -- journals
  j_date date[]; j_id uuid[]; j_grp uuid[]; j_desc text[]; j_ref text[]; j_count integer[];
  l_ord integer[]; l_no integer[]; l_acc uuid[]; l_debit numeric[]; l_credit numeric[];
  v_nj integer;
  v_seqs bigint[];
  m record;
  s record;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'deposit_pay_due: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  -- 1. Locks: deposits, then the savings accounts their interest goes to.
  SELECT array_agg(x.id ORDER BY x.id) INTO v_ids
    FROM (SELECT d.id FROM deposit d WHERE d.tenant_id = v_tenant AND d.id = ANY(p_ids) ORDER BY d.id FOR UPDATE) x;
  IF v_ids IS NULL THEN
    RETURN QUERY SELECT 0, 0, 0::numeric, 0::numeric, 0::numeric, '{}'::uuid[], 0, 0;
    RETURN;
  END IF;
  PERFORM 1 FROM member_saving ms
   WHERE ms.tenant_id = v_tenant AND p_holding IS NULL
     AND ms.id IN (SELECT d.interest_saving_id FROM deposit d WHERE d.tenant_id = v_tenant AND d.id = ANY(v_ids)
                      AND d.status = 'ACTIVE' AND d.interest_saving_id IS NOT NULL)
   ORDER BY ms.id FOR UPDATE OF ms;

  LOOP
    v_round := v_round + 1;
    EXIT WHEN v_round > 100;
    -- 2a. The periods due of each running deposit's current term.
    SELECT array_agg(d.id ORDER BY d.id, k.due), array_agg(k.f ORDER BY d.id, k.due), array_agg(k.due ORDER BY d.id, k.due),
           array_agg(k.due - k.f ORDER BY d.id, k.due), array_agg(d.principal ORDER BY d.id, k.due), array_agg(d.rate ORDER BY d.id, k.due),
           array_agg(CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 1200, 2)
                          ELSE round(d.principal * d.rate * (k.due - k.f) / 36500, 2) END ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_basis = 'ACCOUNT' THEN d.id ELSE d.member_id END ORDER BY d.id, k.due),
           array_agg(date_trunc('month', k.due)::date ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_basis = 'ACCOUNT' THEN coalesce(t.deposit_tax_free_amount, p_free) ELSE p_free END ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_basis = 'ACCOUNT' THEN coalesce(t.interest_tax, p_rate) ELSE p_rate END ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_holding IS NOT NULL THEN 'HOLDING'
                          WHEN k.due = d.maturity_date AND d.rollover = 'PRINCIPAL_INTEREST' THEN 'PRINCIPAL'
                          WHEN d.interest_destination = 'SAVING' AND sv.ok THEN 'SAVING'
                          ELSE 'HOLDING' END ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_holding IS NULL AND NOT (k.due = d.maturity_date AND d.rollover = 'PRINCIPAL_INTEREST')
                           AND d.interest_destination = 'SAVING' AND sv.ok THEN d.interest_saving_id END ORDER BY d.id, k.due),
           array_agg(CASE WHEN p_holding IS NOT NULL THEN p_holding
                          WHEN k.due = d.maturity_date AND d.rollover = 'PRINCIPAL_INTEREST' THEN gl.control
                          WHEN d.interest_destination = 'SAVING' AND sv.ok THEN sv.control_id
                          ELSE gl.holding END ORDER BY d.id, k.due),
           array_agg(d.term_no ORDER BY d.id, k.due), array_agg(d.terms_version ORDER BY d.id, k.due),
           array_agg(k.due = d.maturity_date ORDER BY d.id, k.due), array_agg(gl.expense ORDER BY d.id, k.due),
           array_agg(gl.taxacc ORDER BY d.id, k.due),
           -- What the daily accrual booked to interest payable for this period (settled from there).
           array_agg(CASE WHEN gl.payable IS NULL THEN 0 ELSE least(coalesce(ac.accrued, 0),
                       CASE WHEN d.day_count = 'MONTHLY' THEN round(d.principal * d.rate / 1200, 2)
                            ELSE round(d.principal * d.rate * (k.due - k.f) / 36500, 2) END) END ORDER BY d.id, k.due),
           array_agg(gl.payable ORDER BY d.id, k.due)
      INTO r_dep, r_from, r_to, r_days, r_principal, r_rate, r_gross, r_subject, r_month, r_free, r_prate, r_dest, r_saving, r_credit,
           r_term, r_tv, r_mature, r_expense, r_taxacc, r_accr, r_payable
      FROM deposit d
      CROSS JOIN LATERAL (SELECT (d.start_date + make_interval(months => g - 1))::date AS f,
                                 (d.start_date + make_interval(months => g))::date AS due
                            FROM generate_series(1, d.tenor) g) k
      LEFT JOIN LATERAL (SELECT max(g.coa_id::text) FILTER (WHERE g.role = 'CONTROL')::uuid AS control,
                                max(g.coa_id::text) FILTER (WHERE g.role = 'HOLDING_INTEREST')::uuid AS holding,
                                max(g.coa_id::text) FILTER (WHERE g.role = 'INTEREST_EXPENSE')::uuid AS expense,
                                max(g.coa_id::text) FILTER (WHERE g.role = 'TAX_PAYABLE')::uuid AS taxacc,
                                max(g.coa_id::text) FILTER (WHERE g.role = 'INTEREST_PAYABLE')::uuid AS payable
                           FROM product_gl_account g WHERE g.tenant_id = v_tenant AND g.product_id = d.product_id) gl ON true
      LEFT JOIN deposit_accrual ac ON ac.tenant_id = v_tenant AND ac.deposit_id = d.id AND ac.due_date = k.due
      LEFT JOIN LATERAL (SELECT ms.status = 'ACTIVE' AND mm.is_active AND c.coa_id IS NOT NULL AS ok, c.coa_id AS control_id
                           FROM member_saving ms JOIN member mm ON mm.tenant_id = ms.tenant_id AND mm.id = ms.member_id
                           LEFT JOIN product_gl_account c ON c.tenant_id = ms.tenant_id AND c.product_id = ms.product_id AND c.role = 'CONTROL'
                          WHERE ms.tenant_id = v_tenant AND ms.id = d.interest_saving_id) sv ON true
      LEFT JOIN LATERAL (SELECT t.deposit_tax_free_amount, t.interest_tax FROM product_terms t
                          WHERE p_basis = 'ACCOUNT' AND t.tenant_id = v_tenant AND t.product_id = d.product_id
                          ORDER BY (t.effective_date <= k.due) DESC,
                                   CASE WHEN t.effective_date <= k.due THEN t.effective_date END DESC NULLS LAST,
                                   CASE WHEN t.effective_date <= k.due THEN t.version END DESC NULLS LAST, t.effective_date, t.version
                          LIMIT 1) t ON true
     WHERE d.tenant_id = v_tenant AND d.id = ANY(v_ids) AND d.status = 'ACTIVE'
       AND k.due > d.paid_through AND k.due <= least(p_through, d.maturity_date);
    v_n := coalesce(cardinality(r_dep), 0);
    EXIT WHEN v_n = 0;
    IF EXISTS (SELECT 1 FROM unnest(r_credit) c WHERE c IS NULL) THEN
      RAISE EXCEPTION 'deposit_pay_due: a product has no CONTROL or HOLDING_INTEREST account' USING ERRCODE = 'KD001';
    END IF;

    -- 2b. The tax, cumulative per subject and month (THE rule).
    r_tax := interest_tax_withhold(r_subject, r_month, r_gross, r_free, r_prate);

    -- 2c. The deposits: paid through, totals, the rolled-in net; at maturity a rollover or MATURED.
    WITH pay AS (
      SELECT u.d, max(u.due) AS pt, sum(u.g) AS g, sum(u.x) AS x,
             sum(CASE WHEN u.dest = 'PRINCIPAL' THEN u.g - u.x ELSE 0 END) AS rolled_in, bool_or(u.mat) AS mat
        FROM unnest(r_dep, r_to, r_gross, r_tax, r_dest, r_mature) AS u(d, due, g, x, dest, mat) GROUP BY u.d
    ), nxt AS (
      SELECT d.id, pay.pt, pay.g, pay.x, pay.rolled_in,
             pay.mat AND p_holding IS NULL AS ends,
             CASE WHEN pay.mat AND p_holding IS NULL AND d.rollover <> 'NONE' THEN
               (SELECT jsonb_build_object('rate', CASE d.tenor WHEN 1 THEN t.deposit_rate_1 WHEN 3 THEN t.deposit_rate_3 WHEN 6 THEN t.deposit_rate_6
                                                               WHEN 12 THEN t.deposit_rate_12 WHEN 24 THEN t.deposit_rate_24 END,
                                          'dc', coalesce(t.deposit_day_count, 'MONTHLY'), 'v', t.version)
                  FROM product_terms t WHERE t.tenant_id = v_tenant AND t.product_id = d.product_id
                 ORDER BY (t.effective_date <= d.maturity_date) DESC,
                          CASE WHEN t.effective_date <= d.maturity_date THEN t.effective_date END DESC NULLS LAST,
                          CASE WHEN t.effective_date <= d.maturity_date THEN t.version END DESC NULLS LAST, t.effective_date, t.version
                 LIMIT 1) END AS terms
        FROM deposit d JOIN pay ON pay.d = d.id
       WHERE d.tenant_id = v_tenant
    ), upd AS (
      UPDATE deposit d
         SET paid_through = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN d.maturity_date ELSE n.pt END,
             interest_paid = d.interest_paid + n.g, tax_paid = d.tax_paid + n.x, principal = d.principal + n.rolled_in,
             status = CASE WHEN n.ends AND n.terms ->> 'rate' IS NULL THEN 'MATURED' ELSE d.status END,
             term_no = d.term_no + CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN 1 ELSE 0 END,
             start_date = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN d.maturity_date ELSE d.start_date END,
             maturity_date = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN (d.maturity_date + make_interval(months => d.tenor))::date
                                  ELSE d.maturity_date END,
             rate = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN (n.terms ->> 'rate')::numeric ELSE d.rate END,
             day_count = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN n.terms ->> 'dc' ELSE d.day_count END,
             terms_version = CASE WHEN n.ends AND n.terms ->> 'rate' IS NOT NULL THEN (n.terms ->> 'v')::integer ELSE d.terms_version END,
             updated_by = p_user
        FROM nxt n WHERE d.tenant_id = v_tenant AND d.id = n.id
      RETURNING d.id, n.ends, d.status, d.term_no
    )
    SELECT v_changed || array_agg(upd.id), v_rolled + count(*) FILTER (WHERE upd.ends AND upd.status = 'ACTIVE'),
           v_matured + count(*) FILTER (WHERE upd.ends AND upd.status = 'MATURED')
      INTO v_changed, v_rolled, v_matured FROM upd;

    a_dep := a_dep || r_dep; a_from := a_from || r_from; a_to := a_to || r_to; a_days := a_days || r_days;
    a_principal := a_principal || r_principal; a_rate := a_rate || r_rate; a_gross := a_gross || r_gross; a_tax := a_tax || r_tax;
    a_subject := a_subject || r_subject; a_month := a_month || r_month; a_dest := a_dest || r_dest; a_saving := a_saving || r_saving;
    a_credit := a_credit || r_credit; a_term := a_term || r_term; a_tv := a_tv || r_tv;
    a_expense := a_expense || r_expense; a_taxacc := a_taxacc || r_taxacc; a_accr := a_accr || r_accr; a_payable := a_payable || r_payable;
  END LOOP;

  v_n := cardinality(a_dep);
  IF v_n = 0 THEN
    RETURN QUERY SELECT 0, 0, 0::numeric, 0::numeric, 0::numeric, '{}'::uuid[], 0, 0;
    RETURN;
  END IF;

  -- 3a. One journal per payment day with at least one amount (a day of rate 0 has no journal and no rows).
  SELECT array_agg(x.due ORDER BY x.due), array_agg(x.cnt ORDER BY x.due), array_agg(x.ref ORDER BY x.due)
    INTO j_date, j_count, j_ref
    FROM (SELECT u.due, count(*)::integer AS cnt, CASE WHEN count(*) = 1 THEN min(dd.account_number) END AS ref
            FROM unnest(a_dep, a_to, a_gross) AS u(d, due, g)
            JOIN deposit dd ON dd.tenant_id = v_tenant AND dd.id = u.d
           GROUP BY u.due HAVING sum(u.g) > 0) x;
  v_nj := coalesce(cardinality(j_date), 0);
  IF v_nj > 0 THEN
    SELECT array_agg(encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
                       substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid),
           array_agg(gen_random_uuid())
      INTO j_id, j_grp FROM generate_series(1, v_nj);
    SELECT array_agg(left(coalesce(p_label, 'Bunga simpanan berjangka') || ' ' || j_date[i] || ' (' || j_count[i] || ' deposito)', 500) ORDER BY i)
      INTO j_desc FROM generate_series(1, v_nj) i;
    SELECT array_agg(x.o ORDER BY x.o, x.n), array_agg(x.n ORDER BY x.o, x.n), array_agg(x.acc ORDER BY x.o, x.n),
           array_agg(x.dr ORDER BY x.o, x.n), array_agg(x.cr ORDER BY x.o, x.n)
      INTO l_ord, l_no, l_acc, l_debit, l_credit
      FROM (SELECT y.o, (row_number() OVER (PARTITION BY y.o ORDER BY y.side, y.acc))::integer AS n, y.acc, y.dr, y.cr
              FROM (SELECT j.o, e.acc, e.side, sum(e.dr) AS dr, sum(e.cr) AS cr
                      FROM unnest(a_to, a_gross, a_tax, a_credit, a_expense, a_taxacc, a_accr, a_payable)
                           AS u(due, g, x, cr_acc, expense, taxacc, accr, payable)
                      JOIN unnest(j_date) WITH ORDINALITY AS j(due, o) ON j.due = u.due
                      CROSS JOIN LATERAL (VALUES (u.expense, 1, u.g - u.accr, 0::numeric), (u.payable, 0, u.accr, 0::numeric),
                                                 (u.taxacc, 2, 0::numeric, u.x),
                                                 (u.cr_acc, 3, 0::numeric, u.g - u.x)) AS e(acc, side, dr, cr)
                     WHERE e.dr > 0 OR e.cr > 0
                     GROUP BY j.o, e.acc, e.side) y) x;
    IF EXISTS (SELECT 1 FROM unnest(l_acc) a WHERE a IS NULL) THEN
      RAISE EXCEPTION 'deposit_pay_due: a product has no INTEREST_EXPENSE or TAX_PAYABLE account' USING ERRCODE = 'KD001';
    END IF;
  END IF;

  -- 3b. Deposit movements (interest, tax, rolled-in interest), in payment order; their codes from one block of the
  --     cooperative's sequence (tenant_sequence_block), one number per movement.
  SELECT tenant_sequence_block('member_transaction_seq', count(*)::int) INTO v_seqs
    FROM unnest(a_to, a_gross, a_tax, a_dest) AS u(due, g, x, dest)
    JOIN unnest(j_date) AS j(due) ON j.due = u.due
    CROSS JOIN LATERAL (VALUES (u.g), (u.x), (CASE WHEN u.dest = 'PRINCIPAL' THEN u.g - u.x ELSE 0 END)) AS e(amount)
   WHERE e.amount > 0;
  WITH p AS (
    SELECT u.*, j.o FROM unnest(a_dep, a_from, a_to, a_principal, a_gross, a_tax, a_dest, a_tv) WITH ORDINALITY
                        AS u(d, f, due, pr, g, x, dest, tv, i)
    JOIN unnest(j_date) WITH ORDINALITY AS j(due, o) ON j.due = u.due
  ), mv AS (
    SELECT p.*, e.kind, e.activity, e.amount, e.bal, e.k FROM p
    CROSS JOIN LATERAL (VALUES ('TOPUP_INTEREST', 'INTEREST', p.g, p.pr, 1), ('WITHDRAW_TAX', 'TAX', p.x, p.pr, 2),
                               ('TOPUP', 'ROLLOVER_INTEREST', CASE WHEN p.dest = 'PRINCIPAL' THEN p.g - p.x ELSE 0 END, p.pr + p.g - p.x, 3))
                         AS e(kind, activity, amount, bal, k)
    WHERE e.amount > 0
  ), sq AS (
    -- The movements' codes in one block of the cooperative's sequence, in payment order.
    SELECT mv.*, v_seqs[row_number() OVER (ORDER BY mv.i, mv.k)] AS seq FROM mv
  )
  INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, deposit_id, kind, activity,
                                  amount, balance_after, channel, cash_coa_id, group_id, journal_id, description, terms_version, branch_id,
                                  created_by, approved_by)
  SELECT v_tenant, sq.seq, 'TRX' || to_char(sq.due, 'YYMMDD') || lpad(sq.seq::text, 8, '0'), sq.due, d.member_id, d.product_id, 'SAVING_DEPOSIT',
         d.id, sq.kind, sq.activity, sq.amount, sq.bal, p_channel, NULL, j_grp[sq.o], j_id[sq.o],
         d.account_number || ' ' || sq.f || ' s.d. ' || sq.due, sq.tv, mm.branch_id, p_user, p_user
    FROM sq JOIN deposit d ON d.tenant_id = v_tenant AND d.id = sq.d
    JOIN member mm ON mm.tenant_id = v_tenant AND mm.id = d.member_id
   ORDER BY sq.seq;

  -- 3c. Savings credits (the savings module's movement: balance and row).
  FOR s IN
    SELECT u.sv, u.x_net, u.due, j.o, d.account_number || ' ' || u.f || ' s.d. ' || u.due AS txt, ms.member_id, ms.product_id, ms.kind,
           mm.branch_id, (SELECT t.version FROM product_terms t WHERE t.tenant_id = v_tenant AND t.product_id = ms.product_id
                           ORDER BY (t.effective_date <= u.due) DESC, CASE WHEN t.effective_date <= u.due THEN t.effective_date END DESC NULLS LAST,
                                    CASE WHEN t.effective_date <= u.due THEN t.version END DESC NULLS LAST, t.effective_date, t.version LIMIT 1) AS tv
      FROM unnest(a_dep, a_from, a_to, a_saving, a_gross, a_tax) WITH ORDINALITY AS u0(d, f, due, sv, g, x, i)
      CROSS JOIN LATERAL (SELECT u0.*, u0.g - u0.x AS x_net) u
      JOIN unnest(j_date) WITH ORDINALITY AS j(due, o) ON j.due = u.due
      JOIN deposit d ON d.tenant_id = v_tenant AND d.id = u.d
      JOIN member_saving ms ON ms.tenant_id = v_tenant AND ms.id = u.sv
      JOIN member mm ON mm.tenant_id = v_tenant AND mm.id = ms.member_id
     WHERE u.sv IS NOT NULL AND u.g - u.x > 0
     ORDER BY u.i
  LOOP
    PERFORM saving_insert_movement(s.sv, s.x_net, s.due, s.member_id, s.product_id, s.kind, 'TOPUP_INTEREST', 'DEPOSIT_INTEREST', s.x_net,
                                   p_channel, NULL, j_grp[s.o], left('Bunga deposito ' || s.txt, 500), NULL, NULL, s.tv, s.branch_id,
                                   p_user, NULL, NULL, j_id[s.o]);
  END LOOP;

  -- 3d. The interest rows: one per deposit and payment day (the unique key of "exactly once"); what went to a holding
  --     account is an open entry of the deposit there (deposit_holding, paid out by POST transaction/deposit/{id}/payout).
  WITH ins AS (
    INSERT INTO deposit_interest (tenant_id, deposit_id, release_id, term_no, period_from, due_date, days, principal, rate, gross, tax, net,
                                  destination, saving_id, tax_subject, tax_month, journal_id)
    SELECT v_tenant, u.d, p_release, u.t, u.f, u.due, u.days, u.pr, u.r, u.g, u.x, u.g - u.x, u.dest, u.sv, u.subj, u.mo, j_id[j.o]
      FROM unnest(a_dep, a_term, a_from, a_to, a_days, a_principal, a_rate, a_gross, a_tax, a_dest, a_saving, a_subject, a_month)
           AS u(d, t, f, due, days, pr, r, g, x, dest, sv, subj, mo)
      JOIN unnest(j_date) WITH ORDINALITY AS j(due, o) ON j.due = u.due
    RETURNING id, deposit_id, due_date, destination, net, journal_id
  )
  INSERT INTO deposit_holding (tenant_id, deposit_id, kind, coa_id, amount, source, interest_id, entry_date, journal_id)
  SELECT v_tenant, ins.deposit_id, 'INTEREST', c.acc, ins.net, 'INTEREST', ins.id, ins.due_date, ins.journal_id
    FROM ins JOIN unnest(a_dep, a_to, a_credit) AS c(d, due, acc) ON c.d = ins.deposit_id AND c.due = ins.due_date
   WHERE ins.destination = 'HOLDING' AND ins.net > 0;

  -- 3e. The journals, posted last: the journal counter they number from is then held only until COMMIT (chunks on
  --     two connections wait for each other only there); the rows above carry their ids (foreign keys checked at COMMIT).
  IF v_nj > 0 THEN
    SELECT * INTO m FROM ledger_post_arrays(
      j_id, j_date, j_desc, j_ref, array_fill('DEPOSIT'::text, ARRAY[v_nj]), (SELECT array_agg(g::text) FROM unnest(j_grp) g),
      array_fill(false, ARRAY[v_nj]), array_fill(false, ARRAY[v_nj]), array_fill(NULL::uuid, ARRAY[v_nj]), array_fill(NULL::text, ARRAY[v_nj]),
      array_fill(p_user, ARRAY[v_nj]), l_ord, l_no, l_acc, l_debit, l_credit,
      array_fill(NULL::text, ARRAY[cardinality(l_ord)]), array_fill(NULL::uuid, ARRAY[cardinality(l_ord)]),
      array_fill(NULL::uuid, ARRAY[cardinality(l_ord)]), true, false) x;
  END IF;

  RETURN QUERY
  SELECT (SELECT count(DISTINCT c)::integer FROM unnest(v_changed) c), v_n,
         (SELECT coalesce(sum(g), 0) FROM unnest(a_gross) g), (SELECT coalesce(sum(x), 0) FROM unnest(a_tax) x),
         (SELECT coalesce(sum(g), 0) - coalesce(sum(x), 0) FROM unnest(a_gross, a_tax) AS u(g, x)),
         coalesce(j_id, '{}'::uuid[]), v_rolled, v_matured;
END
$function$;
