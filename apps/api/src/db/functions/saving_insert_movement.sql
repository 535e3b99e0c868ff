-- saving_insert_movement: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0403_savings_one_round_trip.sql.
CREATE OR REPLACE FUNCTION saving_insert_movement(p_saving uuid, p_delta numeric, p_date date, p_member uuid, p_product uuid, p_product_kind text, p_kind text, p_activity text, p_amount numeric, p_channel text, p_cash uuid, p_group uuid, p_description text, p_time_of_request text, p_request uuid, p_terms_version integer, p_branch uuid, p_user uuid, p_approved_by uuid, p_reversal_of uuid, p_journal uuid)
 RETURNS TABLE(id uuid, seq bigint, code text, balance_after numeric, created_at timestamp with time zone)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
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
$function$;
