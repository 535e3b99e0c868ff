-- saving_move: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0403_savings_one_round_trip.sql.
--
-- Deposit (p_kind TOPUP) or withdrawal (WITHDRAW) of one account, see above.
-- Outcomes: POSTED; REFUSED (a rule of the account or the cash account: refusal is its code,
-- refusal_detail its parameters as JSON; modules/money/refusals.ts);
-- JOURNAL_REFUSED (refusal, refusal_line, refusal_detail as ledger_post_arrays
-- answers them); REPLAY, MISMATCH, IN_PROGRESS (the Idempotency-Key, as
-- lib/context.ts claimIdempotencyKey decides: idem_status and idem_response
-- are the stored answer).
CREATE OR REPLACE FUNCTION saving_move(p_kind text, p_activity text, p_label text, p_saving uuid, p_amount numeric, p_date date, p_agent uuid, p_coa uuid, p_user uuid, p_holder_ok uuid, p_channel text, p_description text, p_request uuid, p_group uuid, p_journal uuid, p_number_now boolean, p_audit_action text, p_request_id text, p_ip text, p_user_agent text, p_idem_key text, p_idem_hash text, p_idem_method text, p_idem_path text)
 RETURNS TABLE(outcome text, transaction_id uuid, code text, balance_after numeric, created_at timestamp with time zone, journal_number text, member_id uuid, cif_number text, member_name text, product_id uuid, product_code text, product_name text, product_kind text, account_number text, saving_type text, principal_status text, equity_amount numeric, cash_id uuid, cash_code text, cash_name text, refusal text, refusal_line integer, refusal_detail text, idem_status integer, idem_response jsonb)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  a record;
  c record;
  p record;
  m record;
  v_claimed boolean := false;
  v_refusal text;
  v_params jsonb;
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

  -- The rules, in the order of savings.core.ts (checkCash, then the account's: saving_leg_refusal, shared with
  -- saving_move_many and loan_pay_decide): the first that refuses answers its code and parameters (refusal, refusal_detail as JSON), which
  -- modules/money/refusals.ts maps to the message catalogue, for this function and the TypeScript rules alike.
  v_refusal := CASE
    WHEN c.id IS NULL THEN 'COA_NOT_FOUND'
    WHEN NOT c.is_cash_bank THEN 'COA_NOT_CASH_BANK'
    WHEN NOT c.is_postable THEN 'COA_NOT_POSTABLE'
    WHEN NOT c.is_active THEN 'COA_INACTIVE'
    WHEN p_coa IS NOT NULL AND c.holder_id IS NOT NULL AND c.holder_id <> p_user AND c.holder_id IS DISTINCT FROM p_holder_ok THEN 'COA_TAKEN'
    ELSE saving_leg_refusal(p_kind, p_amount, p_agent, a.id, a.assigned, a.member_active, a.member_type, a.status, a.control_id, a.kind,
                            a.saving_type, a.balance, a.equity_amount, a.min_balance, a.block_amount, a.blocked_amount, a.pledged_amount,
                            a.member_id, NULL, false)
  END;
  IF v_refusal IS NOT NULL THEN
    v_params := CASE
      WHEN v_refusal IN ('COA_NOT_CASH_BANK', 'COA_NOT_POSTABLE', 'COA_INACTIVE') THEN jsonb_build_object('code', c.code, 'name', c.name)
      WHEN v_refusal = 'COA_TAKEN' THEN jsonb_build_object('code', c.code, 'name', c.name, 'holder', coalesce(c.holder_name, '-'))
      WHEN v_refusal = 'COA_NOT_FOUND' THEN '{}'::jsonb
      ELSE saving_leg_refusal_detail(v_refusal, a.member_name, a.cif_number, a.account_number, a.product_name, a.balance, a.equity_amount,
                                     a.min_balance, a.block_amount, a.blocked_amount, a.pledged_amount)
    END;
    RETURN QUERY SELECT 'REFUSED', NULL::uuid, NULL, NULL::numeric, NULL::timestamptz, NULL, NULL::uuid, NULL, NULL, NULL::uuid, NULL, NULL,
                        NULL, NULL, NULL, NULL, NULL::numeric, NULL::uuid, NULL, NULL, v_refusal, NULL::integer, v_params::text,
                        NULL::integer, NULL::jsonb;
    RETURN;
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
$function$;
