-- saving_leg_refusal: the live definition (docs/contributing.md "SQL functions").
--
-- THE rules of a savings account's leg of a movement (docs/savings.md, docs/loans.md "Payments"), in one place for
-- saving_move (one movement), saving_move_many (a batch) and loan_pay_decide (a loan paid from savings): the code
-- of the first rule that refuses, or NULL. The account's figures are saving_lock_accounts' columns (NULL a_id: no
-- such account). p_op TOPUP or WITHDRAW. A loan payment also names the member the account must belong to
-- (p_member: SAVING_NOT_MEMBER) and takes only voluntary savings (p_voluntary_only: SAVING_NOT_VOLUNTARY), both
-- checked before the amount's rules. modules/money/refusals.ts maps the codes to messages;
-- saving_leg_refusal_detail answers their parameters. The cash or bank account's rules (COA_*) stay with the callers
-- (saving_resolve_cash), which check them first (saving_move) or instead (a loan paid in cash).
-- LANGUAGE sql, no SET: inlined into the callers' queries (no call per row).
CREATE OR REPLACE FUNCTION saving_leg_refusal(p_op text, p_amount numeric, p_agent uuid, a_id uuid, a_assigned boolean,
                                              a_member_active boolean, a_member_type text, a_status text, a_control_id uuid,
                                              a_kind text, a_saving_type text, a_balance numeric, a_equity_amount numeric,
                                              a_min_balance numeric, a_block_amount numeric, a_blocked_amount numeric,
                                              a_pledged_amount numeric, a_member_id uuid, p_member uuid, p_voluntary_only boolean)
 RETURNS text
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT CASE
    WHEN a_id IS NULL OR (p_agent IS NOT NULL AND NOT coalesce(a_assigned, false)) THEN 'ACCOUNT_NOT_FOUND'
    WHEN NOT a_member_active THEN 'MEMBER_INACTIVE'
    WHEN a_member_type = 'PROSPECTIVE' THEN 'MEMBER_NOT_APPROVED'
    WHEN a_status = 'PENDING' THEN 'ACCOUNT_PENDING'
    WHEN a_status = 'REJECTED' THEN 'ACCOUNT_REJECTED'
    WHEN a_status = 'CLOSED' THEN 'ACCOUNT_CLOSED'
    WHEN a_control_id IS NULL THEN 'PRODUCT_GL_MISSING'
    WHEN p_member IS NOT NULL AND a_member_id <> p_member THEN 'SAVING_NOT_MEMBER'
    WHEN p_voluntary_only AND a_kind <> 'SAVING' THEN 'SAVING_NOT_VOLUNTARY'
    WHEN p_op = 'TOPUP' AND a_saving_type = 'PRINCIPAL' AND a_equity_amount IS NOT NULL AND a_equity_amount - a_balance <= 0
      THEN 'PRINCIPAL_ALREADY_PAID'
    WHEN p_op = 'TOPUP' AND a_saving_type = 'PRINCIPAL' AND a_equity_amount IS NOT NULL AND p_amount > a_equity_amount - a_balance
      THEN 'PRINCIPAL_OVERPAID'
    WHEN p_op = 'WITHDRAW' AND a_kind = 'SAVING_EQUITY' THEN 'EQUITY_NOT_WITHDRAWABLE'
    WHEN p_op = 'WITHDRAW'
         AND p_amount > greatest(a_balance - (a_min_balance + a_block_amount + a_blocked_amount + a_pledged_amount), 0)
      THEN 'INSUFFICIENT_BALANCE'
  END
$function$;
REVOKE ALL ON FUNCTION saving_leg_refusal(text, numeric, uuid, uuid, boolean, boolean, text, text, uuid, text, text, numeric, numeric,
                                          numeric, numeric, numeric, numeric, uuid, uuid, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_leg_refusal(text, numeric, uuid, uuid, boolean, boolean, text, text, uuid, text, text, numeric, numeric,
                                             numeric, numeric, numeric, numeric, uuid, uuid, boolean) TO koperasi_app;
