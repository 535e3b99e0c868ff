-- loan_pay_decide: the live definition (docs/contributing.md "SQL functions").
--
-- Step 4 of loan_pay_many: each payment of the batch (p_items, its loans already locked) with its allocation
-- (p_ins, loan_pay_plan's rows) decided: POSTED with everything the writes need, or REFUSED with the first rule
-- that refuses, as a code and its raw parameters (modules/money/refusals.ts gives the message):
--   the loan: LOAN_NOT_FOUND (none, or not one of the agent's members), LOAN_NOT_RUNNING;
--   the amount: INSTALLMENTS_LEFT, PARTIAL_ABOVE_DUE, PAY_ABOVE_OWED, NOTHING_DUE; PRODUCT_GL_MISSING;
--   from savings: saving_leg_refusal, the rules of a withdrawal that saving_move and saving_move_many use
--     (ACCOUNT_NOT_FOUND, MEMBER_INACTIVE, MEMBER_NOT_APPROVED, ACCOUNT_PENDING / _REJECTED / _CLOSED,
--     PRODUCT_GL_MISSING; INSUFFICIENT_BALANCE) with SAVING_NOT_MEMBER and SAVING_NOT_VOLUNTARY before the
--     balance (a loan is paid from the member's own voluntary savings), parameters from saving_leg_refusal_detail;
--   from cash or bank: saving_move's cash rules (COA_NOT_FOUND, COA_NOT_CASH_BANK, COA_NOT_POSTABLE,
--     COA_INACTIVE, COA_TAKEN).
-- Locks the savings accounts (saving_lock_accounts, after the loans).
CREATE OR REPLACE FUNCTION loan_pay_decide(p_date date, p_agent uuid, p_items jsonb, p_ins loan_pay_inst[])
 RETURNS loan_pay_item[]
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
BEGIN
  RETURN (
  WITH x AS (
    SELECT x.* FROM jsonb_to_recordset(p_items) AS x(ord integer, loan uuid, kind text, cnt integer, amount numeric, source text, coa uuid,
                                                    saving uuid, usr uuid, holder_ok uuid, channel text, description text, grp uuid,
                                                    journal uuid, request_id text, ip text, user_agent text, idem_key text)
  ), lo AS (
    SELECT l.id, l.loan_number, l.status, l.member_id, l.receivable_coa_id, l.remaining_principal, l.principal_paid, l.interest_paid,
           l.fine_paid, l.paid_off_date, m.full_name AS member_name, m.cif_number, p.name AS product_name,
           coalesce(p_agent IS NULL OR m.agent_id = p_agent OR m.area_id IN (
              SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = p_agent AND u.area_id IS NOT NULL), false) AS assigned,
           (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = l.tenant_id AND g.product_id = l.product_id AND g.role = 'INTEREST_INCOME') AS interest_acc,
           (SELECT g.coa_id FROM product_gl_account g WHERE g.tenant_id = l.tenant_id AND g.product_id = l.product_id AND g.role = 'FINE_INCOME') AS fine_acc
      FROM loan l
      JOIN member m ON m.tenant_id = l.tenant_id AND m.id = l.member_id
      JOIN product p ON p.tenant_id = l.tenant_id AND p.id = l.product_id
     WHERE l.tenant_id = app_tenant() AND l.id = ANY (ARRAY(SELECT x.loan FROM x))
  ), pl AS (
    SELECT u.ord, max(u.open_count) AS open_count, max(u.owed) AS owed, max(u.due) AS due, max(u.amount) AS amount,
           max(u.sum_principal) AS principal, max(u.sum_interest) AS interest, max(u.sum_fine) AS fine,
           bool_and(u.all_paid) AS all_paid, max(u.overdue) AS overdue, max(u.oldest) AS oldest,
           coalesce(jsonb_agg(jsonb_build_object('id', u.id, 'principal_paid', u.principal_paid::text, 'interest_paid', u.interest_paid::text,
                                                 'fine_accrued', u.fine_accrued::text, 'fine_counted_to', u.fine_counted_to,
                                                 'fine_paid', u.fine_paid::text, 'paid_date', u.paid_date, 'interest', u.interest::text)
                              ORDER BY u.number) FILTER (WHERE u.changed), '[]'::jsonb) AS snap
      FROM unnest(p_ins) u GROUP BY u.ord
  ), sv AS (
    -- Called only when a payment is from savings (a cash batch pays no call and no statement start-up for it).
    SELECT a.* FROM (SELECT array_agg(x.saving ORDER BY x.saving) AS ids FROM x WHERE x.source = 'SAVING') s
     CROSS JOIN LATERAL saving_lock_accounts(s.ids, p_date, p_agent) a
     WHERE s.ids IS NOT NULL
  ), cs AS (
    SELECT d.coa AS pick, d.usr AS picker, c.id AS cash_id, c.code AS cash_code, c.name AS cash_name, c.is_postable AS cash_postable,
           c.is_active AS cash_active, c.is_cash_bank AS cash_bank, c.holder_id AS cash_holder, c.holder_name AS cash_holder_name
      FROM (SELECT DISTINCT x.coa, x.usr FROM x WHERE x.source = 'CASH') d CROSS JOIN LATERAL saving_resolve_cash(d.coa, d.usr) c
  ), e AS (
    SELECT x.*, lo.*, pl.open_count, pl.owed, pl.due, pl.principal, pl.interest, pl.fine, pl.all_paid, pl.overdue, pl.oldest, pl.snap,
           coalesce(pl.amount, 0) AS amt, a.id AS a_id, a.assigned AS a_assigned, a.member_active, a.member_type,
           a.status AS a_status, a.control_id, a.member_id AS a_member, a.kind AS a_kind, a.account_number, a.balance, a.min_balance,
           a.block_amount, a.blocked_amount, a.pledged_amount, a.product_name AS a_product, a.member_name AS a_member_name,
           a.cif_number AS a_cif, a.product_id AS a_product_id, a.terms_version, a.member_branch_id, a.saving_type AS a_saving_type,
           a.equity_amount AS a_equity_amount, c.*
      FROM x
      LEFT JOIN lo ON lo.id = x.loan
      LEFT JOIN pl ON pl.ord = x.ord
      LEFT JOIN sv a ON x.source = 'SAVING' AND a.id = x.saving
      LEFT JOIN cs c ON x.source = 'CASH' AND c.pick IS NOT DISTINCT FROM x.coa AND c.picker IS NOT DISTINCT FROM x.usr
  ), r AS (
    SELECT e.*, CASE
      WHEN e.id IS NULL OR NOT e.assigned THEN 'LOAN_NOT_FOUND'
      WHEN e.status <> 'RUNNING' THEN 'LOAN_NOT_RUNNING'
      WHEN e.kind = 'INSTALLMENT' AND coalesce(e.open_count, 0) < coalesce(e.cnt, 1) THEN 'INSTALLMENTS_LEFT'
      WHEN e.kind = 'PARTIAL' AND e.amt > coalesce(e.due, 0) THEN 'PARTIAL_ABOVE_DUE'
      WHEN e.kind IN ('PARTIAL', 'OPEN_AMOUNT') AND e.amt > coalesce(e.owed, 0) THEN 'PAY_ABOVE_OWED'
      WHEN e.amt <= 0 THEN 'NOTHING_DUE'
      WHEN e.interest_acc IS NULL OR e.fine_acc IS NULL OR e.receivable_coa_id IS NULL THEN 'LOAN_GL_MISSING'
      WHEN e.source = 'SAVING' THEN saving_leg_refusal('WITHDRAW', e.amt, p_agent, e.a_id, e.a_assigned, e.member_active, e.member_type,
                                                       e.a_status, e.control_id, e.a_kind, e.a_saving_type, e.balance, e.a_equity_amount,
                                                       e.min_balance, e.block_amount, e.blocked_amount, e.pledged_amount, e.a_member,
                                                       e.member_id, true)
      WHEN e.source = 'CASH' AND e.cash_id IS NULL THEN 'COA_NOT_FOUND'
      WHEN e.source = 'CASH' AND NOT e.cash_bank THEN 'COA_NOT_CASH_BANK'
      WHEN e.source = 'CASH' AND NOT e.cash_postable THEN 'COA_NOT_POSTABLE'
      WHEN e.source = 'CASH' AND NOT e.cash_active THEN 'COA_INACTIVE'
      WHEN e.source = 'CASH' AND e.coa IS NOT NULL AND e.cash_holder IS NOT NULL AND e.cash_holder <> e.usr
           AND e.cash_holder IS DISTINCT FROM e.holder_ok THEN 'COA_TAKEN'
      WHEN e.source NOT IN ('CASH', 'SAVING') THEN 'COA_NOT_FOUND'
    END AS refusal
      FROM e
  ), d AS (
    SELECT r.*, 'Pembayaran pinjaman ' || r.product_name || ' ' || r.loan_number || ' a.n. ' || r.member_name || ' (' || r.cif_number || ')' AS txt
      FROM r
  )
  SELECT coalesce(array_agg(ROW(
           d.ord, CASE WHEN d.refusal IS NULL THEN 'POSTED' ELSE 'REFUSED' END, d.refusal,
           CASE d.refusal
             WHEN 'LOAN_NOT_RUNNING' THEN jsonb_build_object('number', d.loan_number, 'status', d.status)
             WHEN 'INSTALLMENTS_LEFT' THEN jsonb_build_object('number', d.loan_number, 'left', coalesce(d.open_count, 0))
             WHEN 'PARTIAL_ABOVE_DUE' THEN jsonb_build_object('amount', d.amt, 'due', coalesce(d.due, 0))
             WHEN 'PAY_ABOVE_OWED' THEN jsonb_build_object('amount', d.amt, 'owed', coalesce(d.owed, 0))
             WHEN 'NOTHING_DUE' THEN jsonb_build_object('number', d.loan_number)
             WHEN 'LOAN_GL_MISSING' THEN jsonb_build_object('product', d.product_name)
             WHEN 'COA_TAKEN' THEN jsonb_build_object('code', d.cash_code, 'name', d.cash_name, 'holder', coalesce(d.cash_holder_name, '-'))
             WHEN 'COA_NOT_FOUND' THEN '{}'::jsonb
             ELSE CASE WHEN d.refusal IN ('COA_NOT_CASH_BANK', 'COA_NOT_POSTABLE', 'COA_INACTIVE')
                       THEN jsonb_build_object('code', d.cash_code, 'name', d.cash_name)
                       WHEN d.source = 'SAVING'
                       THEN saving_leg_refusal_detail(d.refusal, d.a_member_name, d.a_cif, d.account_number, d.a_product, d.balance,
                                                      d.a_equity_amount, d.min_balance, d.block_amount, d.blocked_amount, d.pledged_amount)
                  END
           END,
           d.loan, d.kind, d.amt, d.principal, d.interest, d.fine, d.source, d.cash_id, d.a_id,
           CASE WHEN d.source = 'SAVING' THEN d.control_id ELSE d.cash_id END,
           d.receivable_coa_id, d.interest_acc, d.fine_acc, d.usr, d.journal, d.grp, d.description,
           left(d.txt || coalesce(' - ' || d.description, ''), 500), d.txt, d.loan_number,
           jsonb_build_object('loan', jsonb_build_object('remaining_principal', d.remaining_principal::text,
                                                         'principal_paid', d.principal_paid::text, 'interest_paid', d.interest_paid::text,
                                                         'fine_paid', d.fine_paid::text, 'status', d.status, 'paid_off_date', d.paid_off_date),
                              'installments', d.snap),
           CASE WHEN d.all_paid THEN 'PAID_OFF' ELSE d.status END, CASE WHEN d.all_paid THEN p_date ELSE d.paid_off_date END,
           d.remaining_principal - d.principal, d.principal_paid + d.principal, d.interest_paid + d.interest, d.fine_paid + d.fine,
           coalesce(p_date - d.oldest, 0), coalesce(d.overdue, 0), d.channel, d.request_id, d.ip, d.user_agent, d.idem_key,
           d.a_member, d.a_product_id, d.a_kind, d.terms_version, d.member_branch_id
         )::loan_pay_item ORDER BY d.ord), '{}')
    FROM d);
END
$function$;
REVOKE ALL ON FUNCTION loan_pay_decide(date, uuid, jsonb, loan_pay_inst[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_pay_decide(date, uuid, jsonb, loan_pay_inst[]) TO koperasi_app;
