-- loan_pay_write: the live definition (docs/contributing.md "SQL functions").
--
-- Step 6 of loan_pay_many, after the journals were posted (p_jid, p_num: their ids and numbers): for each POSTED
-- payment of p_items, its changed installments (p_ins: fines materialised, paid figures, a payoff's unearned
-- interest dropped, paid dates), the loan's totals and status, the savings leg (balance and movement row on the
-- payment's journal, as saving_insert_movement writes them), the payment row with the snapshot a cancel restores, the loan's
-- history row and the audit entry. Answers each written payment's id and savings movement. The installments are
-- updated where loan_pay_plan read them and only in the version it read (row_ctid, row_xmin): no index descent per
-- row, and a row another transaction changed meanwhile fails the batch as a serialization failure (retried).
CREATE OR REPLACE FUNCTION loan_pay_write(p_date date, p_ins loan_pay_inst[], p_items loan_pay_item[], p_jid uuid[], p_num text[])
 RETURNS TABLE(ord integer, payment_id uuid, saving_transaction_id uuid)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  s_ord integer[];
  s_id uuid[];
  v_rows bigint;
BEGIN
  -- The savings legs, set-based (as saving_move_many; one payment per account in a call): balances, then the
  -- movement rows with their codes, on the payment's journal. Only when there is one: the statement's executor
  -- start-up (two tables and their indexes opened) is paid per call even when it touches no row.
  IF EXISTS (SELECT 1 FROM unnest(p_items) x WHERE x.outcome = 'POSTED' AND x.source = 'SAVING') THEN
    WITH upd AS (
      UPDATE member_saving AS ms
         SET balance = ms.balance - x.amount, total_debit = ms.total_debit + x.amount,
             last_transaction_date = greatest(coalesce(ms.last_transaction_date, p_date), p_date), updated_by = x.usr
        FROM unnest(p_items) x
       WHERE x.outcome = 'POSTED' AND x.source = 'SAVING' AND ms.tenant_id = v_tenant AND ms.id = x.saving_id
      RETURNING ms.id, ms.balance
    ), sq AS (
      SELECT x.ord, x.saving_id, x.member_id, x.product_id, x.product_kind, x.amount, x.channel, x.grp, x.loan_number, x.terms_version,
             x.branch_id, x.usr, x.journal, upd.balance, tenant_sequence_next('member_transaction_seq') AS seq
        FROM unnest(p_items) x JOIN upd ON upd.id = x.saving_id
       WHERE x.outcome = 'POSTED' AND x.source = 'SAVING'
       ORDER BY x.ord
    ), ins AS (
      INSERT INTO member_transaction AS t (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                           amount, balance_after, channel, cash_coa_id, group_id, description, request_id, terms_version,
                                           branch_id, created_by, approved_by, journal_id)
      SELECT v_tenant, sq.seq, 'TRX' || to_char(p_date, 'YYMMDD') || lpad(sq.seq::text, 8, '0'), p_date, sq.member_id, sq.product_id,
             sq.product_kind, sq.saving_id, 'WITHDRAW', 'LOAN_PAYMENT', sq.amount, sq.balance, sq.channel, NULL, sq.grp,
             'Pembayaran pinjaman ' || sq.loan_number, NULL, sq.terms_version, sq.branch_id, sq.usr, sq.usr, sq.journal
        FROM sq
      RETURNING t.id, t.seq
    )
    SELECT array_agg(sq.ord), array_agg(ins.id) INTO s_ord, s_id FROM ins JOIN sq ON sq.seq = ins.seq;
  END IF;

  -- One statement for the rest (one executor start-up per batch instead of three): the installments, the loans, then
  -- the payment rows and what hangs on them. Data-modifying CTEs all run, read or not; none reads another's table.
  RETURN QUERY
  WITH inst AS (
    UPDATE loan_installment AS i
       SET fine_accrued = u.fine_accrued + u.fine_new,
           fine_counted_to = CASE WHEN u.fine_new > 0 THEN p_date ELSE u.fine_counted_to END,
           principal_paid = u.principal_paid + u.pay_principal,
           interest_paid = u.interest_paid + u.pay_interest,
           fine_paid = u.fine_paid + u.pay_fine,
           paid_date = u.new_paid_date,
           interest = u.new_interest,
           notes = u.new_notes
      FROM unnest(p_ins) u
     WHERE u.changed AND i.ctid = u.row_ctid AND i.xmin = u.row_xmin AND i.tenant_id = v_tenant AND i.id = u.id
       AND u.ord IN (SELECT x.ord FROM unnest(p_items) x WHERE x.outcome = 'POSTED')
    RETURNING 1
  ), chk AS (
    -- Every changed installment updated: none changed since loan_pay_plan read it (else no row is answered, below).
    SELECT (SELECT count(*) FROM inst)
           = (SELECT count(*) FROM unnest(p_ins) u
               WHERE u.changed AND u.ord IN (SELECT x.ord FROM unnest(p_items) x WHERE x.outcome = 'POSTED')) AS ok
  ), lo AS (
    UPDATE loan AS l
       SET remaining_principal = x.remaining, principal_paid = x.principal_paid, interest_paid = x.interest_paid, fine_paid = x.fine_paid,
           status = x.status, paid_off_date = x.paid_off_date
      FROM unnest(p_items) x
     WHERE x.outcome = 'POSTED' AND l.tenant_id = v_tenant AND l.id = x.loan_id
  ), pay AS (
    INSERT INTO loan_payment AS p (tenant_id, loan_id, seq, kind, payment_date, amount, principal, interest, fine, source, cash_coa_id,
                                   saving_id, saving_transaction_id, journal_id, before, description, created_by)
    SELECT v_tenant, x.loan_id,
           (SELECT coalesce(max(q.seq), 0) + 1 FROM loan_payment q WHERE q.tenant_id = v_tenant AND q.loan_id = x.loan_id),
           x.kind, p_date, x.amount, x.principal, x.interest, x.fine, x.source,
           CASE WHEN x.source = 'CASH' THEN x.cash_id END, CASE WHEN x.source = 'SAVING' THEN x.saving_id END,
           s.id, x.journal, x.before, x.description, x.usr
      FROM unnest(p_items) x
      LEFT JOIN unnest(s_ord, s_id) AS s(ord, id) ON s.ord = x.ord
     WHERE x.outcome = 'POSTED'
     ORDER BY x.ord
    RETURNING p.id, p.journal_id, p.saving_transaction_id
  ), ev AS (
    INSERT INTO loan_event (tenant_id, loan_id, event_date, activity, debit, credit, balance, description, ref_id, created_by)
    SELECT v_tenant, x.loan_id, p_date, CASE WHEN x.kind = 'PAYOFF' THEN 'PAYOFF' ELSE 'PAYMENT' END, 0, x.principal, x.remaining,
           x.txt || ': pokok ' || round(x.principal, 2)::text || ', jasa ' || round(x.interest, 2)::text
             || ', denda ' || round(x.fine, 2)::text,
           pay.id, x.usr
      FROM pay JOIN unnest(p_items) x ON x.journal = pay.journal_id
  ), aud AS (
    INSERT INTO audit_log (tenant_id, actor_user_id, action, entity, entity_id, before, after, request_id, ip, user_agent)
    SELECT v_tenant, x.usr, 'loan.payment', 'loan_payment', pay.id::text, x.before -> 'loan',
           jsonb_build_object('kind', x.kind, 'amount', x.amount, 'principal', x.principal, 'interest', x.interest, 'fine', x.fine,
                              'source', x.source, 'journalId', x.journal, 'journal', p_num[array_position(p_jid, x.journal)],
                              'status', x.status),
           x.request_id, x.ip, left(x.user_agent, 500)
      FROM pay JOIN unnest(p_items) x ON x.journal = pay.journal_id
  )
  SELECT x.ord, pay.id, pay.saving_transaction_id
    FROM pay JOIN unnest(p_items) x ON x.journal = pay.journal_id
   WHERE (SELECT chk.ok FROM chk);
  -- An installment changed by another transaction since it was read (whoever changes installments without the loan's
  -- lock): nothing of the batch stays, and the caller retries it (a serialization failure, as db.ts retries any).
  GET DIAGNOSTICS v_rows = ROW_COUNT;
  IF v_rows <> coalesce(cardinality(p_jid), 0) THEN
    RAISE EXCEPTION 'loan_pay_write: an installment changed since it was read' USING ERRCODE = '40001';
  END IF;
END
$function$;
REVOKE ALL ON FUNCTION loan_pay_write(date, loan_pay_inst[], loan_pay_item[], uuid[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_pay_write(date, loan_pay_inst[], loan_pay_item[], uuid[], text[]) TO koperasi_app;
