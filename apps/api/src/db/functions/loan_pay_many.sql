-- loan_pay_many: the live definition (docs/contributing.md "SQL functions").
--
-- Loan payments, one or a batch, in one call (docs/loans.md "Payments", "Performance"): every route's payment
-- (installments, partial, open amount, pay in full) and the auto debit.
-- p_items: [{ord, loan, kind, cnt, amount, source CASH | SAVING, coa, saving, usr, holder_ok, channel, description,
--            grp, journal, request_id, ip, user_agent, idem_key, idem_hash, idem_method, idem_path, session, digest}]
--  1. Who may go: the first payment of each loan, of each savings account and of each key, its principal
--     unchanged, its Idempotency-Key claimed now (ascending); the others answer RETRY (the caller runs them alone).
--  2. The loans locked (ascending), then the savings accounts (saving_lock_accounts).
--  3. The allocation: loan_pay_plan (the one rule).
--  4. The rules, first refusal wins, answered as a code and its parameters (modules/money/refusals.ts maps them to
--     the message): LOAN_NOT_FOUND, LOAN_NOT_RUNNING, INSTALLMENTS_LEFT, PARTIAL_ABOVE_DUE, PAY_ABOVE_OWED,
--     NOTHING_DUE, PRODUCT_GL_MISSING, then the savings account's (saving_move's rules for a withdrawal, plus
--     SAVING_NOT_MEMBER and SAVING_NOT_VOLUNTARY) or the cash account's (saving_move's checkCash).
--  5. The journals in one ledger_post_arrays call (source or cash debited; receivable, interest and fine income
--     credited). A refusal: JOURNAL_REFUSED for a single payment, an exception for a batch (its payments then
--     run alone).
--  6. Installments, loan totals, savings legs (saving_insert_movement), payment rows (with the snapshot of what
--     they changed, which a cancel restores), history and audit rows.
-- Refused payments write nothing and give their claimed key back.
-- p_answer (the routes): each written payment's row carries its answer, the payment and the loan after it
-- (loan_pay_answer's columns, NULL otherwise), and every row the cooperative's collectability grades (`grading`, JSON
-- of integers and names, NULL when it has none), so the caller reads nothing after the call. The auto debit passes
-- false (the columns stay NULL, nothing is read for them).
CREATE OR REPLACE FUNCTION loan_pay_many(p_date date, p_agent uuid, p_number_now boolean, p_items jsonb, p_answer boolean DEFAULT false)
 RETURNS TABLE(ord integer, outcome text, refusal text, refusal_detail text, refusal_line integer, payment_id uuid, journal_id uuid,
               journal_number text, saving_transaction_id uuid, days_late integer, overdue_count integer, grading text,
               pay_id uuid, pay_loan_id uuid, pay_journal_id uuid, pay_kind text, pay_payment_date date,
               pay_amount numeric, pay_principal numeric, pay_interest numeric, pay_fine numeric, pay_source text,
               pay_saving_id uuid, pay_status text, pay_description text, pay_created_by_name text,
               pay_created_date timestamp with time zone, loan_id uuid, loan_loan_number text, loan_member_id uuid,
               loan_member_name text, loan_cif_number text, loan_product_id uuid, loan_product_name text,
               loan_product_code text, loan_terms_version integer, loan_status text, loan_amount numeric,
               loan_tenor integer, loan_interest_rate numeric, loan_interest_method text,
               loan_installment_method text, loan_rounding_multiple numeric, loan_due_day integer,
               loan_installment_amount numeric, loan_purpose text, loan_criteria text, loan_guarantor jsonb,
               loan_guarantor_verified boolean, loan_collateral_verified boolean, loan_interview_notes text,
               loan_survey_notes text, loan_tag text, loan_is_auto_debit boolean, loan_admin_fee numeric,
               loan_provision_fee numeric, loan_other_costs numeric, loan_net_disbursed numeric,
               loan_remaining_principal numeric, loan_principal_paid numeric,
               loan_principal_paid_before_migration numeric, loan_interest_paid numeric, loan_fine_paid numeric,
               loan_application_date date, loan_approved_date date, loan_release_date date,
               loan_first_installment_date date, loan_maturity_date date, loan_paid_off_date date,
               loan_decision_reason text, loan_description text, loan_officer_name text,
               loan_created_date timestamp with time zone)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_ok integer[];
  v_go jsonb;
  ins loan_pay_inst[];
  it loan_pay_item[];
  v record;
  v_n integer;
  v_give_back boolean;
  m record;
  s_id uuid[];
  r_jid uuid[];
  r_num text[];
  p_ord integer[];
  p_id uuid[];
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
  l_desc text[];
  v_grading text;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'loan_pay_many: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;

  -- 1. Who may go (money_admit): the first payment of each loan, of each savings account and of each key, its
  --    principal unchanged, its key claimed now.
  v_ok := money_admit(p_items, ARRAY['loan', 'saving']);
  IF v_ok IS NULL THEN
    RETURN QUERY SELECT o.ord, 'RETRY', NULL, NULL, NULL::integer, NULL::uuid, NULL::uuid, NULL, NULL::uuid, NULL::integer, NULL::integer,
                        NULL, a.*
                   FROM jsonb_to_recordset(p_items) AS o(ord integer) LEFT JOIN loan_pay_answer(v_tenant, NULL) a ON false ORDER BY o.ord;
    RETURN;
  END IF;
  IF cardinality(v_ok) = jsonb_array_length(p_items) THEN
    v_go := p_items;
  ELSE
    SELECT jsonb_agg(e.i) INTO v_go FROM jsonb_array_elements(p_items) e(i) WHERE (e.i ->> 'ord')::integer = ANY(v_ok);
  END IF;

  -- 2. The loans locked, in id order (the savings accounts are locked by saving_lock_accounts below).
  PERFORM 1 FROM loan l
   WHERE l.tenant_id = v_tenant AND l.id = ANY (ARRAY(SELECT (e.i ->> 'loan')::uuid FROM jsonb_array_elements(v_go) e(i)))
   ORDER BY l.id FOR UPDATE;

  -- 3. The allocation.
  ins := ARRAY(SELECT p FROM loan_pay_plan(p_date, v_go) p);

  -- 4. The rules.
  it := loan_pay_decide(p_date, p_agent, v_go, ins);

  -- 5. The journals of the payments that go.
  SELECT count(*) FILTER (WHERE u.outcome = 'POSTED')::integer, coalesce(bool_or(u.outcome = 'REFUSED' AND u.idem_key IS NOT NULL), false)
    INTO v_n, v_give_back
    FROM unnest(it) u;
  IF v_n > 0 THEN
    SELECT array_agg(q.o ORDER BY q.o, q.n), array_agg(q.n ORDER BY q.o, q.n), array_agg(q.acc ORDER BY q.o, q.n),
           array_agg(q.d ORDER BY q.o, q.n), array_agg(q.c ORDER BY q.o, q.n), array_agg(q.ds ORDER BY q.o, q.n)
      INTO l_ord, l_no, l_acc, l_debit, l_credit, l_desc
      FROM (SELECT p.o, (row_number() OVER (PARTITION BY p.o ORDER BY j.k))::integer AS n, j.acc, j.d, j.c, j.ds
              FROM (SELECT (row_number() OVER (ORDER BY u.ord))::integer AS o, u.* FROM unnest(it) u WHERE u.outcome = 'POSTED') p
              CROSS JOIN LATERAL (VALUES (1, p.debit_acc, p.amount, 0::numeric, left(p.txt, 500)),
                                         (2, p.receivable_id, 0::numeric, p.principal, 'Pokok pinjaman'),
                                         (3, p.interest_acc, 0::numeric, p.interest, 'Jasa pinjaman'),
                                         (4, p.fine_acc, 0::numeric, p.fine, 'Denda pinjaman')) AS j(k, acc, d, c, ds)
             WHERE j.d > 0 OR j.c > 0) q;
    SELECT array_agg(u.journal ORDER BY u.ord), array_agg(u.jdesc ORDER BY u.ord), array_agg(u.loan_number ORDER BY u.ord),
           array_agg(u.loan_id::text ORDER BY u.ord), array_agg(u.usr ORDER BY u.ord)
      INTO j_id, j_desc, j_ref, j_src, j_by
      FROM unnest(it) u WHERE u.outcome = 'POSTED';
    SELECT array_agg(x.journal_id) AS jids, array_agg(x.number) AS nums, max(x.refusal) AS refusal, max(x.refusal_line) AS refusal_line,
           max(x.refusal_detail) AS detail INTO m
      FROM ledger_post_arrays(
        j_id, array_fill(p_date, ARRAY[v_n]), j_desc, j_ref, array_fill('LOAN'::text, ARRAY[v_n]), j_src,
        array_fill(false, ARRAY[v_n]), array_fill(false, ARRAY[v_n]), array_fill(NULL::uuid, ARRAY[v_n]), array_fill(NULL::text, ARRAY[v_n]), j_by,
        l_ord, l_no, l_acc, l_debit, l_credit, l_desc, array_fill(NULL::uuid, ARRAY[cardinality(l_ord)]),
        array_fill(NULL::uuid, ARRAY[cardinality(l_ord)]), p_number_now, true) x;
    IF m.refusal IS NOT NULL THEN
      IF v_n > 1 THEN
        RAISE EXCEPTION 'loan_pay_many: journal refused (%)', m.refusal USING ERRCODE = 'KS010';
      END IF;
      RETURN QUERY SELECT u.ord, CASE WHEN u.outcome = 'POSTED' THEN 'JOURNAL_REFUSED' ELSE u.outcome END,
                          CASE WHEN u.outcome = 'POSTED' THEN m.refusal ELSE u.refusal END,
                          CASE WHEN u.outcome = 'POSTED' THEN m.detail ELSE u.detail::text END,
                          m.refusal_line, NULL::uuid, NULL::uuid, NULL, NULL::uuid, NULL::integer, NULL::integer, NULL, a.*
                     FROM unnest(it) u LEFT JOIN loan_pay_answer(v_tenant, NULL) a ON false ORDER BY u.ord;
      RETURN;
    END IF;
    r_jid := m.jids;
    r_num := m.nums;

    -- 6. The writes.
    SELECT array_agg(w.ord), array_agg(w.payment_id), array_agg(w.saving_transaction_id) INTO p_ord, p_id, s_id
      FROM loan_pay_write(p_date, ins, it, r_jid, r_num) w;
  END IF;

  -- The keys of refused payments are given back (the payment alone claims its key again).
  IF v_give_back THEN
    DELETE FROM idempotency_key AS k
     USING unnest(it) u
     WHERE u.outcome = 'REFUSED' AND u.idem_key IS NOT NULL AND k.tenant_id = v_tenant AND k.key = u.idem_key;
  END IF;

  IF p_answer AND p_id IS NOT NULL THEN
    -- The grades as loans.portfolio.ts gradingOf takes them (loadCollectability's rows, by level).
    SELECT jsonb_agg(jsonb_build_object('grade', c.grade, 'daysLateFrom', c.days_late_from, 'daysLateUntil', c.days_late_until,
                                        'calculationType', c.calculation_type) ORDER BY c.level)::text
      INTO v_grading
      FROM collectability_setting c WHERE c.tenant_id = v_tenant;
  ELSE
    p_answer := false;
  END IF;

  RETURN QUERY
  SELECT o.ord, coalesce(u.outcome, 'RETRY'), u.refusal, u.detail::text, NULL::integer, w.pid,
         CASE WHEN u.outcome = 'POSTED' THEN u.journal END, r_num[array_position(r_jid, u.journal)], w.sid, u.days_late, u.overdue,
         v_grading, a.*
    FROM jsonb_to_recordset(p_items) AS o(ord integer)
    LEFT JOIN unnest(it) u ON u.ord = o.ord
    LEFT JOIN unnest(p_ord, p_id, s_id) AS w(ord, pid, sid) ON w.ord = o.ord
    LEFT JOIN loan_pay_answer(v_tenant, CASE WHEN p_answer THEN p_id END) a ON a.pay_id = w.pid
   ORDER BY o.ord;
END
$function$;
REVOKE ALL ON FUNCTION loan_pay_many(date, uuid, boolean, jsonb, boolean) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_pay_many(date, uuid, boolean, jsonb, boolean) TO koperasi_app;
