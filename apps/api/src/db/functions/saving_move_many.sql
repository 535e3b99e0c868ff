-- saving_move_many: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0404_savings_batched_moves.sql.
CREATE OR REPLACE FUNCTION saving_move_many(p_date date, p_agent uuid, p_items jsonb)
 RETURNS TABLE(ord integer, outcome text, transaction_id uuid, code text, balance_after numeric, created_at timestamp with time zone, member_id uuid, cif_number text, member_name text, product_id uuid, product_code text, product_name text, product_kind text, account_number text, saving_type text, principal_status text, equity_amount numeric, cash_id uuid, cash_code text, cash_name text)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_ok integer[];
  s saving_move_row[];
  v_n integer;
  r_seq bigint[];
  r_id uuid[];
  r_at timestamptz[];
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'saving_move_many: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;

  -- 1. Who may go (money_admit): the first movement of each account and key, its principal unchanged, its key
  --    claimed now (ascending: a concurrent duplicate waits there for the first and is then RETRY).
  v_ok := money_admit(p_items, ARRAY['saving']);
  IF v_ok IS NULL THEN
    RETURN QUERY SELECT o.ord, 'RETRY', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL::uuid, NULL, NULL, NULL::uuid, NULL,
                        NULL, NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL
                   FROM jsonb_to_recordset(p_items) AS o(ord integer) ORDER BY o.ord;
    RETURN;
  END IF;

  -- 2. The accounts locked (ascending, with their members, terms and GL accounts), the cash or bank accounts,
  --    and the rules of saving_move (checkCash, then the account's: saving_leg_refusal); a rule
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
                  OR x.amount IS NULL OR x.amount <= 0 OR x.amount <> round(x.amount, 2) OR x.op NOT IN ('TOPUP', 'WITHDRAW')
                  OR saving_leg_refusal(x.op, x.amount, p_agent, a.id, a.assigned, a.member_active, a.member_type, a.status, a.control_id,
                                        a.kind, a.saving_type, a.balance, a.equity_amount, a.min_balance, a.block_amount,
                                        a.blocked_amount, a.pledged_amount, a.member_id, NULL, false) IS NOT NULL,
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
    -- The posted movements' numbers in one draw of the cooperative's sequence (tenant_sequence_block), in
    -- movement order: one call per batch instead of a SECURITY DEFINER call per movement.
    FROM (SELECT ev.*, CASE WHEN ev.verdict = 'POSTED'
                            THEN b.seqs[(count(*) FILTER (WHERE ev.verdict = 'POSTED') OVER (ORDER BY ev.ord))::int] END AS seq
            FROM ev CROSS JOIN (SELECT tenant_sequence_block('member_transaction_seq', (count(*) FILTER (WHERE n.verdict = 'POSTED'))::int) AS seqs
                                  FROM ev n) b) e;

  -- 3. The journals of the posted movements are posted at the end of the transaction, numbered then, by
  --    saving_post_journals (in COMMIT's round trip: the cooperative's journal counter is held only from there
  --    to the end of COMMIT); what they need is kept for it in the transaction (a transaction-local setting).
  SELECT count(*)::int INTO v_n FROM unnest(s) u WHERE u.outcome = 'POSTED';
  IF v_n > 0 THEN
    IF coalesce(current_setting('koperasi.saving_journals', true), '') <> '' THEN
      RAISE EXCEPTION 'saving_move_many: one batch per transaction' USING ERRCODE = 'KS011';
    END IF;
    PERFORM set_config('koperasi.saving_journals',
      jsonb_build_object('date', p_date, 'moves', (
        SELECT jsonb_agg(jsonb_build_object('journal', u.journal, 'jdesc', u.jdesc, 'code', u.code, 'grp', u.grp, 'usr', u.usr,
                                            'op', u.op, 'amount', u.amount, 'cash', u.cash_id, 'control', u.control_id) ORDER BY u.ord)
          FROM unnest(s) u WHERE u.outcome = 'POSTED'))::text, true);

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

  -- The keys of refused movements are given back (the movement alone claims its key again); a batch without
  -- refusals (the usual one) skips the statement.
  IF v_n < cardinality(s) THEN
    DELETE FROM idempotency_key AS k
     USING unnest(s) u
     WHERE u.outcome = 'REFUSED' AND u.idem_key IS NOT NULL AND k.tenant_id = v_tenant AND k.key = u.idem_key;
  END IF;

  RETURN QUERY
  SELECT o.ord, coalesce(u.outcome, 'RETRY'), r.id, u.code, u.balance_after, r.at, u.member_id, u.cif_number, u.member_name,
         u.product_id, u.product_code, u.product_name, u.product_kind, u.account_number, u.saving_type, u.principal_status,
         u.equity_amount, u.cash_id, u.cash_code, u.cash_name
    FROM jsonb_to_recordset(p_items) AS o(ord integer)
    LEFT JOIN unnest(s) u ON u.ord = o.ord
    LEFT JOIN unnest(r_seq, r_id, r_at) AS r(seq, id, at) ON r.seq = u.seq
   ORDER BY o.ord;
END
$function$;
