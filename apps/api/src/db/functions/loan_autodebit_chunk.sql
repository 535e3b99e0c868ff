-- loan_autodebit_chunk: the live definition (docs/contributing.md "SQL functions").
--
-- One chunk of a day's auto debit (docs/loans.md "Auto debit"), set-based, in the caller's transaction (runBatch's
-- chunk: it commits with job_item and the cursor). p_loans: the chunk's loans (auto debit on, running, an
-- installment due by p_date). No rule of its own about money: what a loan owes and how a payment is allocated is
-- loan_pay_plan's (fines, interest, principal, oldest first), what may leave the savings account and every refusal
-- is loan_pay_decide's, the writes and the one journal per payment are loan_pay_many's. This function only decides
-- what to ask for and records the answer:
--  1. The chunk's loans locked (id order, as loan_pay_many locks them) and their rows of the day read: a loan whose
--     row is PAID, PARTIAL or FAILED (without p_retry) is left alone (once per loan and day). A PENDING row (left
--     by an earlier version cut short) takes the auto debit payment of the day if one committed.
--  2. What each loan owes today: loan_pay_plan with `due_only` (open installments due by the day, fines counted
--     to the day). Nothing due: PAID with nothing taken. No source-of-fund account (the member's first ACTIVE
--     is_source_of_fund account): FAILED NO_SOURCE_OF_FUND.
--  3. Rounds of loan_pay_many (kind PARTIAL from the source of fund, one journal per payment numbered after COMMIT
--     (docs/ledger.md "Numbering": two chunks at once do not wait for each other's counter), no Idempotency-Key:
--     exactly once rests on the row of the day, written in this transaction): each loan asks for what is due. Refused
--     INSUFFICIENT_BALANCE with p_partial and something available: the next round asks for what is available
--     (from the refusal's detail, i.e. loan_pay_decide's rule). A second loan on the same account (RETRY) goes in
--     the next round, after the first's debit. A journal the ledger refuses for the batch (KS010): that round's
--     payments go one at a time (each answers JOURNAL_REFUSED alone).
--  4. The rows of the day written in one statement: PAID (all that was due taken), PARTIAL, FAILED with the refusal
--     code and its parameters (error_detail; modules/money/refusals.ts and portfolio texts give the message when
--     the list is read, in the reader's language); attempts counted.
-- Answers the chunk's counts and the amount taken.
CREATE OR REPLACE FUNCTION loan_autodebit_chunk(p_date date, p_loans uuid[], p_partial boolean, p_retry boolean, p_usr uuid, p_request text)
 RETURNS TABLE(loans integer, paid integer, partial integer, failed integer, amount numeric)
 LANGUAGE plpgsql
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
#variable_conflict use_column
DECLARE
  v_tenant uuid := app_tenant();
  v_out jsonb := '[]'::jsonb;   -- finished loans: {loan, saving, status, due, paid, payment, code, detail}
  v_todo jsonb;                 -- payments still to ask for: {loan, saving, due, amount, tried}
  v_items jsonb;
  v_res jsonb;
  v_round integer := 0;
  v_desc text := 'Autodebet ' || p_date::text;
BEGIN
  IF v_tenant IS NULL THEN
    RAISE EXCEPTION 'loan_autodebit_chunk: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;

  -- 1. The loans locked, their rows of the day; a PENDING row takes a payment of the day that committed.
  PERFORM 1 FROM loan l WHERE l.tenant_id = v_tenant AND l.id = ANY (p_loans) ORDER BY l.id FOR UPDATE;

  WITH lx AS (
    -- The row of the day through the loan's rows (loan_auto_debit_day_uq), one probe per loan: `run_date + 0` keeps
    -- the planner off the day's index, which reads the whole day's rows per loan (quadratic in the day's loans).
    SELECT l.id, l.member_id, l.status, a.status AS row_status, a.due AS row_due
      FROM loan l
      LEFT JOIN LATERAL (SELECT a.status, a.due FROM loan_auto_debit a
                          WHERE a.tenant_id = v_tenant AND a.loan_id = l.id AND a.run_date + 0 = p_date LIMIT 1) a ON true
     WHERE l.tenant_id = v_tenant AND l.id = ANY (p_loans)
       AND (a.status IS NULL OR a.status = 'PENDING' OR (p_retry AND a.status = 'FAILED'))
  ), adopt AS (
    SELECT lx.id, q.id AS payment_id, q.amount, q.saving_id, greatest(lx.row_due, q.amount) AS due
      FROM lx
      CROSS JOIN LATERAL (SELECT p.id, p.amount, p.saving_id FROM loan_payment p
                           WHERE p.tenant_id = v_tenant AND p.loan_id = lx.id AND p.payment_date = p_date AND p.status = 'POSTED'
                             AND p.source = 'SAVING' AND p.description = v_desc
                           ORDER BY p.seq DESC LIMIT 1) q
     WHERE lx.row_status = 'PENDING'
  ), go AS (
    SELECT lx.*, (SELECT s.id FROM member_saving s WHERE s.tenant_id = v_tenant AND s.member_id = lx.member_id AND s.is_source_of_fund
                    AND s.status = 'ACTIVE' ORDER BY s.created_date LIMIT 1) AS saving_id,
           row_number() OVER (ORDER BY lx.id) AS n
      FROM lx WHERE lx.id NOT IN (SELECT adopt.id FROM adopt)
  ), due AS (
    SELECT p.loan_id, max(p.due) AS due
      FROM loan_pay_plan(p_date, (SELECT jsonb_agg(jsonb_build_object('ord', go.n, 'loan', go.id, 'kind', 'PARTIAL', 'amount', 0, 'due_only', true))
                                    FROM go WHERE go.status = 'RUNNING')) p
     GROUP BY p.loan_id
  ), w AS (
    SELECT go.id, go.saving_id, CASE WHEN go.status = 'RUNNING' THEN coalesce(due.due, 0) ELSE 0 END AS due
      FROM go LEFT JOIN due ON due.loan_id = go.id
  )
  SELECT coalesce((SELECT jsonb_agg(jsonb_build_object('loan', a.id, 'saving', a.saving_id, 'due', a.due, 'paid', a.amount, 'payment', a.payment_id,
                                                       'status', CASE WHEN a.amount >= a.due THEN 'PAID' ELSE 'PARTIAL' END))
                     FROM adopt a), '[]'::jsonb)
         || coalesce((SELECT jsonb_agg(jsonb_build_object('loan', w.id, 'saving', w.saving_id, 'due', w.due, 'paid', 0,
                                                          'status', CASE WHEN w.due <= 0 THEN 'PAID' ELSE 'FAILED' END,
                                                          'code', CASE WHEN w.due > 0 THEN 'NO_SOURCE_OF_FUND' END))
                        FROM w WHERE w.due <= 0 OR w.saving_id IS NULL), '[]'::jsonb),
         (SELECT jsonb_agg(jsonb_build_object('loan', w.id, 'saving', w.saving_id, 'due', w.due, 'amount', w.due, 'tried', false) ORDER BY w.id)
            FROM w WHERE w.due > 0 AND w.saving_id IS NOT NULL)
    INTO v_out, v_todo;

  -- 3. Rounds of payments.
  WHILE v_todo IS NOT NULL AND jsonb_array_length(v_todo) > 0 LOOP
    v_round := v_round + 1;
    IF v_round > 50 THEN
      RAISE EXCEPTION 'loan_autodebit_chunk: too many rounds' USING ERRCODE = 'KL000';
    END IF;
    SELECT jsonb_agg(jsonb_build_object('ord', t.n, 'loan', t.i ->> 'loan', 'kind', 'PARTIAL', 'cnt', 1, 'amount', t.i ->> 'amount',
                                        'source', 'SAVING', 'saving', t.i ->> 'saving', 'usr', p_usr, 'channel', 'SYSTEM',
                                        'description', v_desc, 'grp', gen_random_uuid(),
                                        -- a time-ordered (v7) journal id, as the API's uuidv7
                                        'journal', encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
                                          substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
                                          52, 1), 53, 1), 'hex')::uuid,
                                        'request_id', p_request) ORDER BY t.n)
      INTO v_items
      FROM jsonb_array_elements(v_todo) WITH ORDINALITY AS t(i, n);
    BEGIN
      SELECT jsonb_agg(jsonb_build_object('ord', r.ord, 'outcome', r.outcome, 'refusal', r.refusal, 'refusal_detail', r.refusal_detail,
                                          'refusal_line', r.refusal_line, 'payment_id', r.payment_id))
        INTO v_res FROM loan_pay_many(p_date, NULL, false, v_items) r;
    EXCEPTION WHEN SQLSTATE 'KS010' THEN
      -- A journal the ledger refused: the round's payments one at a time (each answers alone).
      SELECT jsonb_agg(jsonb_build_object('ord', r.ord, 'outcome', r.outcome, 'refusal', r.refusal, 'refusal_detail', r.refusal_detail,
                                          'refusal_line', r.refusal_line, 'payment_id', r.payment_id))
        INTO v_res
        FROM jsonb_array_elements(v_items) AS e(i)
        CROSS JOIN LATERAL loan_pay_many(p_date, NULL, false, jsonb_build_array(e.i)) r;
    END;
    WITH t AS (
      SELECT t.n::integer AS n, t.i FROM jsonb_array_elements(v_todo) WITH ORDINALITY AS t(i, n)
    ), r AS (
      SELECT t.n, t.i, (t.i ->> 'due')::numeric AS due, (t.i ->> 'amount')::numeric AS amt, (t.i ->> 'tried')::boolean AS tried,
             x.outcome, x.refusal, x.refusal_detail, x.refusal_line, x.payment_id,
             (x.refusal_detail::jsonb ->> 'available')::numeric AS available
        FROM t JOIN jsonb_to_recordset(v_res) AS x(ord integer, outcome text, refusal text, refusal_detail text, refusal_line integer,
                                                  payment_id uuid) ON x.ord = t.n
    ), k AS (
      SELECT r.*, CASE
               WHEN r.outcome = 'RETRY' THEN 'AGAIN'
               WHEN r.outcome = 'REFUSED' AND r.refusal = 'INSUFFICIENT_BALANCE' AND p_partial AND NOT r.tried
                    AND r.available > 0 AND r.available < r.amt THEN 'SHORT'
               ELSE 'DONE' END AS next
        FROM r
    )
    SELECT v_out || coalesce(jsonb_agg(jsonb_build_object(
                      'loan', k.i ->> 'loan', 'saving', k.i ->> 'saving', 'due', k.due,
                      'paid', CASE WHEN k.outcome = 'POSTED' THEN k.amt ELSE 0 END, 'payment', k.payment_id,
                      'status', CASE WHEN k.outcome <> 'POSTED' THEN 'FAILED' WHEN k.amt >= k.due THEN 'PAID' ELSE 'PARTIAL' END,
                      'code', CASE WHEN k.outcome <> 'POSTED' THEN k.refusal END,
                      'detail', CASE WHEN k.outcome <> 'POSTED' THEN jsonb_build_object('outcome', k.outcome, 'detail', k.refusal_detail,
                                                                                         'line', k.refusal_line) END))
                    FILTER (WHERE k.next = 'DONE'), '[]'::jsonb),
           jsonb_agg(CASE WHEN k.next = 'SHORT' THEN k.i || jsonb_build_object('amount', k.available, 'tried', true) ELSE k.i END ORDER BY k.n)
             FILTER (WHERE k.next <> 'DONE')
      INTO v_out, v_todo
      FROM k;
  END LOOP;

  -- 4. The rows of the day.
  INSERT INTO loan_auto_debit AS a (tenant_id, run_date, loan_id, saving_id, status, due, paid, payment_id, error_code, error_detail, message,
                                    attempts, updated_date)
  SELECT v_tenant, p_date, o.loan, o.saving, o.status, o.due, o.paid, o.payment, o.code, o.detail, NULL, 1, now()
    FROM jsonb_to_recordset(v_out) AS o(loan uuid, saving uuid, status text, due numeric, paid numeric, payment uuid, code text, detail jsonb)
   ORDER BY o.loan
  ON CONFLICT (tenant_id, loan_id, run_date) DO UPDATE
     SET saving_id = excluded.saving_id, status = excluded.status, due = excluded.due, paid = excluded.paid, payment_id = excluded.payment_id,
         error_code = excluded.error_code, error_detail = excluded.error_detail, message = NULL, attempts = a.attempts + 1, updated_date = now();

  RETURN QUERY
  SELECT count(*)::integer, (count(*) FILTER (WHERE o.status = 'PAID'))::integer, (count(*) FILTER (WHERE o.status = 'PARTIAL'))::integer,
         (count(*) FILTER (WHERE o.status = 'FAILED'))::integer, coalesce(sum(o.paid), 0)
    FROM jsonb_to_recordset(v_out) AS o(status text, paid numeric);
END
$function$;
REVOKE ALL ON FUNCTION loan_autodebit_chunk(date, uuid[], boolean, boolean, uuid, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION loan_autodebit_chunk(date, uuid[], boolean, boolean, uuid, text) TO koperasi_app;
