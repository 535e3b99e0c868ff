-- The hot path of a saving movement (deposit, withdrawal, transfer), measured
-- with bench/savings.ts: statements sent by the driver are planned on every
-- execution, and planning the account lock (joins, terms in force, GL
-- accounts) cost more than running it. PL/pgSQL keeps each statement's plan
-- for the session, so the three statements of a movement live here, with the
-- rules they serve unchanged (savings.repo.ts, savings.core.ts call them):
--
--  * saving_lock_accounts: the accounts locked FOR UPDATE in ascending id
--    order, their members shared, the product terms in force on the date
--    (the first version also covers earlier days) and the GL accounts;
--  * saving_resolve_cash: the cash or bank account of the movement (chosen,
--    else the user's assigned one, else CASH_MAIN) with what the checks need;
--  * saving_insert_movement: the balance change and the transaction row.
--
-- And one guarantee moves into the database: a saving movement row is linked
-- to its journal when the transaction commits (deferred constraint trigger),
-- and refused if there is none. The link no longer costs a round trip while
-- the cooperative's journal counter is held (it is held until COMMIT).
-- All functions are SECURITY INVOKER: row-level security applies as usual.

CREATE OR REPLACE FUNCTION saving_lock_accounts(p_ids uuid[], p_date date, p_agent uuid)
RETURNS TABLE (id uuid, account_number text, member_id uuid, product_id uuid, kind text, saving_type text, status text, balance numeric,
               blocked_amount numeric, pledged_amount numeric, is_source_of_fund boolean, plan_monthly_amount numeric,
               plan_target_balance numeric, plan_target_date date, open_date date, cif_number text, member_name text, member_type text,
               member_status text, member_active boolean, member_branch_id uuid, member_join_date date, principal_status text,
               assigned boolean, product_code text, product_name text, product_active boolean, terms_version integer,
               min_balance numeric, block_amount numeric, closing_fee numeric, equity_amount numeric, equity_period text,
               control_id uuid, closing_fee_income_id uuid)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  SELECT s.id, s.account_number, s.member_id, s.product_id, s.kind, s.saving_type, s.status, s.balance, s.blocked_amount,
         s.pledged_amount, s.is_source_of_fund, s.plan_monthly_amount, s.plan_target_balance, s.plan_target_date, s.open_date,
         m.cif_number, m.full_name, m.member_type, m.status, m.is_active, m.branch_id, m.join_date, m.principal_status,
         (p_agent IS NULL OR m.agent_id = p_agent OR m.area_id IN (
            SELECT u.area_id FROM app_user u WHERE u.tenant_id = s.tenant_id AND u.id = p_agent AND u.area_id IS NOT NULL)),
         p.code, p.name, p.is_active,
         t.version, t.min_balance, t.block_amount, t.closing_fee, t.equity_amount, t.equity_period,
         (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CONTROL'),
         (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = s.tenant_id AND g.product_id = s.product_id AND g.role = 'CLOSING_FEE_INCOME')
  FROM member_saving s
  JOIN member m ON m.tenant_id = s.tenant_id AND m.id = s.member_id
  JOIN product p ON p.tenant_id = s.tenant_id AND p.id = s.product_id
  JOIN LATERAL (
    SELECT t.* FROM product_terms t
    WHERE t.tenant_id = s.tenant_id AND t.product_id = s.product_id
    ORDER BY (t.effective_date <= p_date) DESC,
             CASE WHEN t.effective_date <= p_date THEN t.effective_date END DESC NULLS LAST,
             CASE WHEN t.effective_date <= p_date THEN t.version END DESC NULLS LAST, t.effective_date, t.version
    LIMIT 1
  ) t ON true
  WHERE s.tenant_id = app_tenant() AND s.id = ANY(p_ids)
  ORDER BY s.id
  FOR UPDATE OF s FOR SHARE OF m;
END
$$;

CREATE OR REPLACE FUNCTION saving_resolve_cash(p_coa uuid, p_user uuid)
RETURNS TABLE (id uuid, code text, name text, is_postable boolean, is_active boolean, is_cash_bank boolean, holder_id uuid, holder_name text)
LANGUAGE plpgsql STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  WITH RECURSIVE pick AS (
    SELECT coalesce(p_coa,
                    (SELECT u.coa_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = p_user),
                    (SELECT c.id FROM coa_account c WHERE c.tenant_id = app_tenant() AND c.system_key = 'CASH_MAIN')) AS id
  ), up AS (
    SELECT c.id, c.parent_id, c.code, c.system_key, 0 AS depth FROM coa_account c JOIN pick ON c.id = pick.id WHERE c.tenant_id = app_tenant()
    UNION ALL
    SELECT p.id, p.parent_id, p.code, p.system_key, up.depth + 1 FROM coa_account p JOIN up ON p.tenant_id = app_tenant() AND p.id = up.parent_id
    WHERE up.depth < 20
  )
  SELECT c.id, c.code, c.name, c.is_postable, c.is_active,
         EXISTS (SELECT 1 FROM up WHERE up.depth > 0 AND (up.system_key = 'CASH_BANK' OR up.code = '101')),
         h.id, nullif(concat_ws(' ', h.first_name, h.last_name), '')
  FROM pick JOIN coa_account c ON c.tenant_id = app_tenant() AND c.id = pick.id
  LEFT JOIN app_user h ON h.tenant_id = c.tenant_id AND h.coa_id = c.id;
END
$$;

-- The balance change (delta: + into the account, - out of it) and the transaction row, in one call.
CREATE OR REPLACE FUNCTION saving_insert_movement(
  p_saving uuid, p_delta numeric, p_date date, p_member uuid, p_product uuid, p_product_kind text, p_kind text, p_activity text,
  p_amount numeric, p_channel text, p_cash uuid, p_group uuid, p_description text, p_time_of_request text, p_request uuid,
  p_terms_version integer, p_branch uuid, p_user uuid, p_approved_by uuid, p_reversal_of uuid)
RETURNS TABLE (id uuid, seq bigint, code text, balance_after numeric, created_at timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
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
  v_seq := nextval('member_transaction_seq');
  RETURN QUERY
  INSERT INTO member_transaction AS t (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                       amount, balance_after, channel, cash_coa_id, group_id, description, time_of_request, request_id,
                                       terms_version, branch_id, created_by, approved_by, reversal_of_id)
  VALUES (app_tenant(), v_seq, 'TRX' || to_char(p_date, 'YYMMDD') || lpad(v_seq::text, 8, '0'), p_date, p_member, p_product, p_product_kind,
          p_saving, p_kind, p_activity, p_amount, v_balance, p_channel, p_cash, p_group, p_description, p_time_of_request, p_request,
          p_terms_version, p_branch, p_user, coalesce(p_approved_by, p_user), p_reversal_of)
  RETURNING t.id, t.seq, t.code, t.balance_after, t.created_at;
END
$$;

-- At COMMIT: every saving movement row has its journal. A row without one is
-- linked to the journal its operation posted (source SAVING, id = the row's
-- group), and refused if there is none.
CREATE OR REPLACE FUNCTION member_transaction_link_journal() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_journal uuid;
BEGIN
  IF NEW.product_kind NOT IN ('SAVING', 'SAVING_EQUITY') THEN
    RETURN NULL;
  END IF;
  PERFORM 1 FROM member_transaction t WHERE t.tenant_id = NEW.tenant_id AND t.id = NEW.id AND t.journal_id IS NOT NULL;
  IF FOUND THEN
    RETURN NULL;
  END IF;
  SELECT j.id INTO v_journal FROM journal j
   WHERE j.tenant_id = NEW.tenant_id AND j.source_module = 'SAVING' AND j.source_id = NEW.group_id::text AND j.reversal_of_id IS NULL
   ORDER BY j.fiscal_year, j.seq LIMIT 1;
  IF v_journal IS NULL THEN
    RAISE EXCEPTION 'saving movement % has no journal', NEW.code USING ERRCODE = 'KS001', CONSTRAINT = 'member_transaction_journal';
  END IF;
  UPDATE member_transaction t SET journal_id = v_journal WHERE t.tenant_id = NEW.tenant_id AND t.id = NEW.id;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER member_transaction_journal AFTER INSERT ON member_transaction
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_transaction_link_journal();
