-- Transaction codes numbered per cooperative (issue 18). Until now `seq` and
-- the code TRX<yyMMdd><seq> came from the platform-wide sequence
-- member_transaction_seq, so a cooperative saw in its own codes how many
-- movements every other cooperative made. From here on `seq` comes from the
-- cooperative's own sequence (tenant_sequence_next, migration 0050):
-- unique and increasing within the cooperative (the order every list and
-- running balance uses), drawn without locking anything, so concurrent
-- movements still never wait for each other.
--
-- Numbered 0460 although it is platform work (range 0050-0099): it
-- redefines functions of migrations 0403 and 0404 and must run after them.
-- The three functions below are copied unchanged from 0403 (saving_insert_movement,
-- saving_move) and 0404 (saving_move_many) except for the one expression
-- nextval('member_transaction_seq') -> tenant_sequence_next('member_transaction_seq').
-- (The 20-argument saving_insert_movement of 0401 has no caller left.)

-- Existing cooperatives continue after their highest number, so the order of
-- their rows (seq) stays the order of entry.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT tenant_id, max(seq) AS last FROM member_transaction GROUP BY tenant_id LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START WITH %s', 'member_transaction_seq_' || replace(r.tenant_id::text, '-', ''), r.last + 1);
  END LOOP;
END
$$;

CREATE OR REPLACE FUNCTION saving_insert_movement(
  p_saving uuid, p_delta numeric, p_date date, p_member uuid, p_product uuid, p_product_kind text, p_kind text, p_activity text,
  p_amount numeric, p_channel text, p_cash uuid, p_group uuid, p_description text, p_time_of_request text, p_request uuid,
  p_terms_version integer, p_branch uuid, p_user uuid, p_approved_by uuid, p_reversal_of uuid, p_journal uuid)
RETURNS TABLE (id uuid, seq bigint, code text, balance_after numeric, created_at timestamptz)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_balance numeric;
  v_seq bigint;
BEGIN
  UPDATE member_saving s
     SET balance = s.balance + p_delta,
         total_credit = s.total_credit + greatest(p_delta, 0),
         total_debit = s.total_debit + greatest(-p_delta, 0),
         last_transaction_date = greatest(coalesce(s.last_transaction_date, p_date), p_date),
         updated_by = p_user
   WHERE s.tenant_id = app_tenant() AND s.id = p_saving
  RETURNING s.balance INTO v_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'saving account % not found', p_saving USING ERRCODE = 'KS002';
  END IF;
  v_seq := tenant_sequence_next('member_transaction_seq');
  RETURN QUERY
  INSERT INTO member_transaction AS t (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, cash_coa_id, group_id, description, time_of_request, request_id,
                                       terms_version, branch_id, created_by, approved_by, reversal_of_id, journal_id)
  VALUES (app_tenant(), v_seq, 'TRX' || to_char(p_date, 'YYMMDD') || lpad(v_seq::text, 8, '0'), p_date, p_member, p_product, p_product_kind,
          p_saving, p_kind, p_activity, p_amount, v_balance, p_channel, p_cash, p_group, p_description, p_time_of_request, p_request,
          p_terms_version, p_branch, p_user, coalesce(p_approved_by, p_user), p_reversal_of, p_journal)
  RETURNING t.id, t.seq, t.code, t.balance_after, t.created_at;
END
$$;

CREATE OR REPLACE FUNCTION saving_move(
  p_kind text, p_activity text, p_label text, p_saving uuid, p_amount numeric, p_date date, p_agent uuid, p_coa uuid, p_user uuid,
  p_holder_ok uuid, p_channel text, p_description text, p_request uuid, p_group uuid, p_journal uuid, p_number_now boolean,
  p_audit_action text, p_request_id text, p_ip text, p_user_agent text,
  p_idem_key text, p_idem_hash text, p_idem_method text, p_idem_path text)
RETURNS TABLE (outcome text, transaction_id uuid, code text, balance_after numeric, created_at timestamptz, journal_number text,
               member_id uuid, cif_number text, member_name text, product_id uuid, product_code text, product_name text,
               product_kind text, account_number text, saving_type text, principal_status text, equity_amount numeric,
               cash_id uuid, cash_code text, cash_name text,
               refusal text, refusal_line integer, refusal_detail text, idem_status integer, idem_response jsonb)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  a record;
  c record;
  p record;
  m record;
  v_claimed boolean := false;
  v_keep numeric;
  v_available numeric;
  v_seq bigint;
  v_code text;
  v_desc text;
  v_debit uuid;
  v_credit uuid;
  v_balance numeric;
  v_row record;
  i integer;
BEGIN
  -- The Idempotency-Key, claimed first: a concurrent duplicate waits here for the first and replays its answer.
  IF p_idem_key IS NOT NULL THEN
    FOR i IN 1..2 LOOP
      INSERT INTO idempotency_key (tenant_id, key, request_hash, method, path)
      VALUES (v_tenant, p_idem_key, p_idem_hash, p_idem_method, p_idem_path)
      ON CONFLICT (tenant_id, key) DO NOTHING;
      IF FOUND THEN
        v_claimed := true;
        EXIT;
      END IF;
      SELECT k.request_hash, k.status_code, k.response, k.expires_at < now() AS expired INTO p
        FROM idempotency_key k WHERE k.tenant_id = v_tenant AND k.key = p_idem_key;
      IF NOT FOUND THEN
        CONTINUE;
      END IF;
      IF p.expired THEN
        DELETE FROM idempotency_key k WHERE k.tenant_id = v_tenant AND k.key = p_idem_key;
        CONTINUE;
      END IF;
      IF p.request_hash <> p_idem_hash THEN
        RETURN QUERY SELECT 'MISMATCH', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                            NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, NULL, NULL::integer, NULL, NULL::integer, NULL::jsonb;
        RETURN;
      END IF;
      IF p.status_code IS NULL THEN
        EXIT;
      END IF;
      RETURN QUERY SELECT 'REPLAY', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                          NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, NULL, NULL::integer, NULL, p.status_code, p.response;
      RETURN;
    END LOOP;
    IF NOT v_claimed THEN
      RETURN QUERY SELECT 'IN_PROGRESS', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                          NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, NULL, NULL::integer, NULL, NULL::integer, NULL::jsonb;
      RETURN;
    END IF;
  END IF;

  -- The account locked, its member shared, terms in force and GL accounts; the cash or bank account.
  SELECT * INTO a FROM saving_lock_accounts(ARRAY[p_saving], p_date, p_agent) l;
  SELECT * INTO c FROM saving_resolve_cash(p_coa, p_user) r;

  -- checkCash, assertCanMove, then assertCanDeposit / assertCanWithdraw (savings.core.ts).
  IF c.id IS NULL OR NOT c.is_cash_bank OR NOT c.is_postable OR NOT c.is_active
     OR (p_coa IS NOT NULL AND c.holder_id IS NOT NULL AND c.holder_id <> p_user AND c.holder_id IS DISTINCT FROM p_holder_ok)
     OR a.id IS NULL OR (p_agent IS NOT NULL AND NOT coalesce(a.assigned, false)) OR NOT a.member_active OR a.member_type = 'PROSPECTIVE'
     OR a.status IN ('PENDING', 'REJECTED', 'CLOSED') OR a.control_id IS NULL
     OR (p_kind = 'TOPUP' AND a.saving_type = 'PRINCIPAL' AND a.equity_amount IS NOT NULL
         AND (a.equity_amount - a.balance <= 0 OR p_amount > a.equity_amount - a.balance))
     OR (p_kind = 'WITHDRAW' AND a.kind = 'SAVING_EQUITY') THEN
    RETURN QUERY SELECT 'REFUSED', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                        NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, NULL, NULL::integer, NULL, NULL::integer, NULL::jsonb;
    RETURN;
  END IF;
  IF p_kind = 'WITHDRAW' THEN
    v_keep := a.min_balance + a.block_amount + a.blocked_amount + a.pledged_amount;
    v_available := CASE WHEN a.balance > v_keep THEN a.balance - v_keep ELSE 0 END;
    IF p_amount > v_available THEN
      RETURN QUERY SELECT 'REFUSED', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                          NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, NULL, NULL::integer, NULL, NULL::integer, NULL::jsonb;
      RETURN;
    END IF;
  END IF;

  -- The journal first (its checks refuse without writing), with the movement's code as its reference.
  v_seq := tenant_sequence_next('member_transaction_seq');
  v_code := 'TRX' || to_char(p_date, 'YYMMDD') || lpad(v_seq::text, 8, '0');
  v_desc := btrim(left(p_label || ' ' || a.product_name || ' ' || a.account_number || ' a.n. ' || a.member_name || ' (' || a.cif_number || ')'
                       || coalesce(' - ' || p_description, ''), 500));
  IF p_kind = 'TOPUP' THEN
    v_debit := c.id;
    v_credit := a.control_id;
  ELSE
    v_debit := a.control_id;
    v_credit := c.id;
  END IF;
  SELECT * INTO m FROM ledger_post_arrays(
    ARRAY[p_journal], ARRAY[p_date], ARRAY[v_desc], ARRAY[v_code], ARRAY['SAVING'], ARRAY[p_group::text], ARRAY[false], ARRAY[false],
    ARRAY[NULL::uuid], ARRAY[NULL::text], ARRAY[p_user],
    ARRAY[1, 1], ARRAY[1, 2], ARRAY[v_debit, v_credit], ARRAY[p_amount, 0::numeric], ARRAY[0::numeric, p_amount],
    ARRAY[NULL, NULL]::text[], ARRAY[NULL, NULL]::uuid[], ARRAY[NULL, NULL]::uuid[], p_number_now, true) x;
  IF m.refusal IS NOT NULL THEN
    RETURN QUERY SELECT 'JOURNAL_REFUSED', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                        NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, m.refusal, m.refusal_line, m.refusal_detail,
                        NULL::integer, NULL::jsonb;
    RETURN;
  END IF;

  -- The balance and the transaction row (the code taken above).
  UPDATE member_saving s
     SET balance = s.balance + CASE WHEN p_kind = 'TOPUP' THEN p_amount ELSE -p_amount END,
         total_credit = s.total_credit + CASE WHEN p_kind = 'TOPUP' THEN p_amount ELSE 0 END,
         total_debit = s.total_debit + CASE WHEN p_kind = 'TOPUP' THEN 0 ELSE p_amount END,
         last_transaction_date = greatest(coalesce(s.last_transaction_date, p_date), p_date),
         updated_by = p_user
   WHERE s.tenant_id = v_tenant AND s.id = p_saving
  RETURNING s.balance INTO v_balance;
  INSERT INTO member_transaction AS t (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, cash_coa_id, group_id, description, request_id, terms_version,
                                       branch_id, created_by, approved_by, journal_id)
  VALUES (v_tenant, v_seq, v_code, p_date, a.member_id, a.product_id, a.kind, p_saving, p_kind, p_activity, p_amount, v_balance, p_channel,
          c.id, p_group, p_description, p_request, a.terms_version, a.member_branch_id, p_user, p_user, p_journal)
  RETURNING t.id, t.created_at INTO v_row;

  INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, before, after, request_id, ip, user_agent)
  VALUES (v_tenant, p_user, p_audit_action, 'member_transaction', v_row.id::text, NULL,
          jsonb_build_object('code', v_code, 'savingId', p_saving, 'accountNumber', a.account_number, 'amount', trim_scale(p_amount),
                             'balanceAfter', trim_scale(v_balance), 'cashCoaId', c.id, 'activity', p_activity)
            || CASE WHEN p_kind = 'WITHDRAW' THEN jsonb_build_object('requestId', p_request) ELSE '{}'::jsonb END,
          p_request_id, p_ip, left(p_user_agent, 500));

  RETURN QUERY SELECT 'POSTED', v_row.id, v_code, v_balance, v_row.created_at, m.number, a.member_id, a.cif_number, a.member_name,
                      a.product_id, a.product_code, a.product_name, a.kind, a.account_number, a.saving_type, a.principal_status,
                      a.equity_amount, c.id, c.code, c.name, NULL, NULL::integer, NULL, NULL::integer, NULL::jsonb;
END
$$;

CREATE OR REPLACE FUNCTION saving_move_many(p_date date, p_agent uuid, p_items jsonb)
RETURNS TABLE (ord integer, outcome text, transaction_id uuid, code text, balance_after numeric, created_at timestamptz,
               member_id uuid, cif_number text, member_name text, product_id uuid, product_code text, product_name text,
               product_kind text, account_number text, saving_type text, principal_status text, equity_amount numeric,
               cash_id uuid, cash_code text, cash_name text)
LANGUAGE plpgsql VOLATILE SET plan_cache_mode = force_generic_plan AS $$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_ok integer[];
  s saving_move_row[];
  m record;
  v_n integer;
  j_id uuid[];
  j_desc text[];
  j_ref text[];
  j_src text[];
  j_by uuid[];
  l_ord integer[];
  l_no integer[];
  l_acc uuid[];
  l_debit numeric[];
  l_credit numeric[];
  r_seq bigint[];
  r_id uuid[];
  r_at timestamptz[];
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'saving_move_many: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;

  -- 1. Who may go: the first movement of each account and key, its principal unchanged, its key claimed now
  --    (ascending: a concurrent duplicate waits here for the first and is then RETRY).
  WITH x AS (
    SELECT x.*, row_number() OVER (PARTITION BY x.saving ORDER BY x.ord) AS by_account,
           row_number() OVER (PARTITION BY x.idem_key ORDER BY x.ord) AS by_key
      FROM jsonb_to_recordset(p_items) AS x(ord integer, saving uuid, usr uuid, session uuid, digest text,
                                            idem_key text, idem_hash text, idem_method text, idem_path text)
  ), pr AS (
    SELECT d.session, d.usr, d.digest, auth_principal_ok(v_tenant, d.session, d.usr, d.digest) AS good
      FROM (SELECT DISTINCT x.session, x.usr, x.digest FROM x WHERE x.digest IS NOT NULL) d
  ), go AS (
    SELECT x.* FROM x
     WHERE x.by_account = 1 AND (x.idem_key IS NULL OR x.by_key = 1)
       AND (x.digest IS NULL OR EXISTS (SELECT 1 FROM pr WHERE pr.session = x.session AND pr.usr = x.usr AND pr.digest = x.digest AND pr.good))
  ), claimed AS (
    INSERT INTO idempotency_key AS k (tenant_id, key, request_hash, method, path)
    SELECT v_tenant, go.idem_key, go.idem_hash, go.idem_method, go.idem_path FROM go WHERE go.idem_key IS NOT NULL ORDER BY go.idem_key
    ON CONFLICT (tenant_id, key) DO NOTHING
    RETURNING k.key
  )
  SELECT array_agg(go.ord) INTO v_ok FROM go WHERE go.idem_key IS NULL OR go.idem_key IN (SELECT claimed.key FROM claimed);
  IF v_ok IS NULL THEN
    RETURN QUERY SELECT o.ord, 'RETRY', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL::uuid, NULL, NULL, NULL::uuid, NULL,
                        NULL, NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL
                   FROM jsonb_to_recordset(p_items) AS o(ord integer) ORDER BY o.ord;
    RETURN;
  END IF;

  -- 2. The accounts locked (ascending, with their members, terms and GL accounts), the cash or bank accounts,
  --    and the rules of saving_move (checkCash, assertCanMove, assertCanDeposit, assertCanWithdraw); a rule
  --    that cannot be decided refuses (the movement alone then answers why).
  WITH x AS (
    SELECT x.* FROM jsonb_to_recordset(p_items) AS x(ord integer, op text, activity text, label text, saving uuid, amount numeric,
                                                    coa uuid, usr uuid, holder_ok uuid, channel text, description text, request uuid,
                                                    grp uuid, journal uuid, audit_action text, request_id text, ip text, user_agent text,
                                                    idem_key text)
     WHERE x.ord = ANY(v_ok)
  ), lk AS (
    SELECT * FROM saving_lock_accounts((SELECT array_agg(x.saving) FROM x), p_date, p_agent)
  ), cs AS (
    SELECT d.coa AS pick, d.usr AS picker, c.id AS cash_id, c.code AS cash_code, c.name AS cash_name, c.is_postable AS cash_postable,
           c.is_active AS cash_active, c.is_cash_bank AS cash_bank, c.holder_id AS cash_holder
      FROM (SELECT DISTINCT x.coa, x.usr FROM x) d CROSS JOIN LATERAL saving_resolve_cash(d.coa, d.usr) c
  ), ev AS (
    SELECT x.*, a.*, c.*,
           CASE WHEN coalesce(
                  c.cash_id IS NULL OR NOT c.cash_bank OR NOT c.cash_postable OR NOT c.cash_active
                  OR (x.coa IS NOT NULL AND c.cash_holder IS NOT NULL AND c.cash_holder <> x.usr AND c.cash_holder IS DISTINCT FROM x.holder_ok)
                  OR a.id IS NULL OR (p_agent IS NOT NULL AND NOT coalesce(a.assigned, false)) OR NOT a.member_active
                  OR a.member_type = 'PROSPECTIVE' OR a.status IN ('PENDING', 'REJECTED', 'CLOSED') OR a.control_id IS NULL
                  OR x.amount IS NULL OR x.amount <= 0 OR x.amount <> round(x.amount, 2) OR x.op NOT IN ('TOPUP', 'WITHDRAW')
                  OR (x.op = 'TOPUP' AND a.saving_type = 'PRINCIPAL' AND a.equity_amount IS NOT NULL
                      AND (a.equity_amount - a.balance <= 0 OR x.amount > a.equity_amount - a.balance))
                  OR (x.op = 'WITHDRAW' AND a.kind = 'SAVING_EQUITY')
                  OR (x.op = 'WITHDRAW'
                      AND x.amount > greatest(a.balance - (a.min_balance + a.block_amount + a.blocked_amount + a.pledged_amount), 0)),
                  true)
                THEN 'REFUSED' ELSE 'POSTED' END AS verdict
      FROM x
      LEFT JOIN lk a ON a.id = x.saving
      LEFT JOIN cs c ON c.pick IS NOT DISTINCT FROM x.coa AND c.picker IS NOT DISTINCT FROM x.usr
  )
  SELECT array_agg(ROW(e.ord, e.verdict, e.op, e.activity, e.saving, e.amount, e.usr, e.channel, e.description, e.request, e.grp,
                       e.journal, e.audit_action, e.request_id, e.ip, e.user_agent, e.idem_key, e.member_id, e.cif_number,
                       e.member_name, e.product_id, e.product_code, e.product_name, e.kind, e.account_number, e.saving_type,
                       e.principal_status, e.equity_amount, e.terms_version, e.member_branch_id, e.control_id, e.cash_id,
                       e.cash_code, e.cash_name,
                       e.balance + CASE WHEN e.op = 'TOPUP' THEN e.amount ELSE -e.amount END,
                       e.seq, 'TRX' || to_char(p_date, 'YYMMDD') || lpad(e.seq::text, 8, '0'),
                       btrim(left(e.label || ' ' || e.product_name || ' ' || e.account_number || ' a.n. ' || e.member_name
                                  || ' (' || e.cif_number || ')' || coalesce(' - ' || e.description, ''), 500))
                   )::saving_move_row ORDER BY e.ord)
    INTO s
    FROM (SELECT ev.*, CASE WHEN ev.verdict = 'POSTED' THEN tenant_sequence_next('member_transaction_seq') END AS seq FROM ev ORDER BY ev.ord) e;

  -- 3. The journals of the posted movements, in one call of the engine (checked before anything is written).
  SELECT array_agg(u.journal ORDER BY u.ord), array_agg(u.jdesc ORDER BY u.ord), array_agg(u.code ORDER BY u.ord),
         array_agg(u.grp::text ORDER BY u.ord), array_agg(u.usr ORDER BY u.ord)
    INTO j_id, j_desc, j_ref, j_src, j_by
    FROM unnest(s) u WHERE u.outcome = 'POSTED';
  v_n := coalesce(cardinality(j_id), 0);
  IF v_n > 0 THEN
    SELECT array_agg(p.o ORDER BY p.o, l.n), array_agg(l.n ORDER BY p.o, l.n), array_agg(l.acc ORDER BY p.o, l.n),
           array_agg(l.d ORDER BY p.o, l.n), array_agg(l.c ORDER BY p.o, l.n)
      INTO l_ord, l_no, l_acc, l_debit, l_credit
      FROM (SELECT (row_number() OVER (ORDER BY u.ord))::integer AS o, u.* FROM unnest(s) u WHERE u.outcome = 'POSTED') p
      CROSS JOIN LATERAL (VALUES (1, CASE WHEN p.op = 'TOPUP' THEN p.cash_id ELSE p.control_id END, p.amount, 0::numeric),
                                 (2, CASE WHEN p.op = 'TOPUP' THEN p.control_id ELSE p.cash_id END, 0::numeric, p.amount)) AS l(n, acc, d, c);
    SELECT * INTO m FROM ledger_post_arrays(
      j_id, array_fill(p_date, ARRAY[v_n]), j_desc, j_ref, array_fill('SAVING'::text, ARRAY[v_n]), j_src,
      array_fill(false, ARRAY[v_n]), array_fill(false, ARRAY[v_n]), array_fill(NULL::uuid, ARRAY[v_n]), array_fill(NULL::text, ARRAY[v_n]), j_by,
      l_ord, l_no, l_acc, l_debit, l_credit,
      array_fill(NULL::text, ARRAY[2 * v_n]), array_fill(NULL::uuid, ARRAY[2 * v_n]), array_fill(NULL::uuid, ARRAY[2 * v_n]), false, true) x;
    IF m.refusal IS NOT NULL THEN
      RAISE EXCEPTION 'saving_move_many: journal refused (%)', m.refusal USING ERRCODE = 'KS010';
    END IF;

    -- 4. The balances, the transaction rows and their audit entries.
    UPDATE member_saving AS ms
       SET balance = ms.balance + CASE WHEN u.op = 'TOPUP' THEN u.amount ELSE -u.amount END,
           total_credit = ms.total_credit + CASE WHEN u.op = 'TOPUP' THEN u.amount ELSE 0 END,
           total_debit = ms.total_debit + CASE WHEN u.op = 'TOPUP' THEN 0 ELSE u.amount END,
           last_transaction_date = greatest(coalesce(ms.last_transaction_date, p_date), p_date),
           updated_by = u.usr
      FROM unnest(s) u
     WHERE u.outcome = 'POSTED' AND ms.tenant_id = v_tenant AND ms.id = u.saving;
    WITH ins AS (
      INSERT INTO member_transaction AS t (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind,
                                           activity, amount, balance_after, channel, cash_coa_id, group_id, description, request_id,
                                           terms_version, branch_id, created_by, approved_by, journal_id)
      SELECT v_tenant, u.seq, u.code, p_date, u.member_id, u.product_id, u.product_kind, u.saving, u.op, u.activity, u.amount,
             u.balance_after, u.channel, u.cash_id, u.grp, u.description, u.request, u.terms_version, u.branch_id, u.usr, u.usr, u.journal
        FROM unnest(s) u WHERE u.outcome = 'POSTED' ORDER BY u.ord
      RETURNING t.id, t.seq, t.created_at
    ), aud AS (
      INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, before, after, request_id, ip, user_agent)
      SELECT v_tenant, u.usr, u.audit_action, 'member_transaction', ins.id::text, NULL,
             jsonb_build_object('code', u.code, 'savingId', u.saving, 'accountNumber', u.account_number, 'amount', trim_scale(u.amount),
                                'balanceAfter', trim_scale(u.balance_after), 'cashCoaId', u.cash_id, 'activity', u.activity)
               || CASE WHEN u.op = 'WITHDRAW' THEN jsonb_build_object('requestId', u.request) ELSE '{}'::jsonb END,
             u.request_id, u.ip, left(u.user_agent, 500)
        FROM ins JOIN unnest(s) u ON u.seq = ins.seq
       ORDER BY u.ord
    )
    SELECT array_agg(ins.seq), array_agg(ins.id), array_agg(ins.created_at) INTO r_seq, r_id, r_at FROM ins;
  END IF;

  -- The keys of refused movements are given back (the movement alone claims its key again).
  DELETE FROM idempotency_key AS k
   USING unnest(s) u
   WHERE u.outcome = 'REFUSED' AND u.idem_key IS NOT NULL AND k.tenant_id = v_tenant AND k.key = u.idem_key;

  RETURN QUERY
  SELECT o.ord, coalesce(u.outcome, 'RETRY'), r.id, u.code, u.balance_after, r.at, u.member_id, u.cif_number, u.member_name,
         u.product_id, u.product_code, u.product_name, u.product_kind, u.account_number, u.saving_type, u.principal_status,
         u.equity_amount, u.cash_id, u.cash_code, u.cash_name
    FROM jsonb_to_recordset(p_items) AS o(ord integer)
    LEFT JOIN unnest(s) u ON u.ord = o.ord
    LEFT JOIN unnest(r_seq, r_id, r_at) AS r(seq, id, at) ON r.seq = u.seq
   ORDER BY o.ord;
END
$$;
