-- saving_interest_post: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- One chunk of a voluntary savings interest release (docs/interest.md "Release"), written set-based in one call:
-- the figures (gross, tax by THE rule interest_tax_withhold, admin fee) are computed by saving_interest_chunk, which
-- calls this function to write them:
--  1. each account's balance moves by gross - tax - fee (accounts locked by the caller, FOR UPDATE in id order);
--  2. its movements: TOPUP_INTEREST (gross), WITHDRAW_TAX (tax), WITHDRAW activity ADMIN_FEE (fee), in that order,
--     each with its running balance_after, a per-cooperative transaction code (one block: tenant_sequence_block), the account's group id and the
--     chunk's journal (p_journal, posted by the caller in the same transaction);
--  3. its saving_interest row (the unique index saving_interest_once_uq refuses a second POSTED row for the same
--     account and period, so a retried chunk can never pay twice).
-- p_items: [{s: saving id, m: member, p: product, g: gross, t: tax, f: fee, b: basis, bb: basis balance, r: rate,
--            subj: tax subject, grp: group id, n: text of the descriptions}]. Answers the rows written.
CREATE OR REPLACE FUNCTION saving_interest_post(p_release uuid, p_start date, p_end date, p_month date, p_journal uuid, p_channel text,
                                                p_user uuid, p_items jsonb)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_n integer;
  v_seqs bigint[];
BEGIN
  IF app_tenant() IS NULL THEN
    RAISE EXCEPTION 'saving_interest_post: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  -- The movements' codes in one block of the cooperative's sequence (one number per movement written below).
  SELECT tenant_sequence_block('member_transaction_seq', (count(*) FILTER (WHERE x.g > 0) + count(*) FILTER (WHERE x.t > 0)
                                                          + count(*) FILTER (WHERE x.f > 0))::int)
    INTO v_seqs FROM jsonb_to_recordset(p_items) AS x(g numeric, t numeric, f numeric);
  WITH x AS (
    SELECT * FROM jsonb_to_recordset(p_items)
      AS x(s uuid, m uuid, p uuid, g numeric, t numeric, f numeric, b text, bb numeric, r numeric, subj uuid, grp uuid, n text)
  ), u AS (
    UPDATE member_saving ms
       SET balance = ms.balance + x.g - x.t - x.f,
           total_credit = ms.total_credit + x.g,
           total_debit = ms.total_debit + x.t + x.f,
           last_transaction_date = greatest(coalesce(ms.last_transaction_date, p_end), p_end),
           updated_by = p_user
      FROM x
     WHERE ms.tenant_id = app_tenant() AND ms.id = x.s
    RETURNING x.*, ms.balance - x.g + x.t + x.f AS old
  ), mv AS (
    INSERT INTO member_transaction (tenant_id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                    amount, balance_after, channel, group_id, description, created_by, approved_by, journal_id)
    SELECT app_tenant(), q.seq, 'TRX' || to_char(p_end, 'YYMMDD') || lpad(q.seq::text, 8, '0'), p_end, q.m, q.p, 'SAVING', q.s, q.kind,
           q.activity, q.amount, q.after, p_channel, q.grp, q.descr, p_user, p_user, p_journal
      FROM (
        SELECT v.*, v_seqs[row_number() OVER (ORDER BY v.s, v.k)] AS seq
          FROM (
            SELECT i.s, i.m, i.p, i.grp, 1 AS k, 'TOPUP_INTEREST' AS kind, 'INTEREST' AS activity, i.g AS amount, i.old + i.g AS after,
                   'Jasa simpanan ' || i.n AS descr
              FROM u i WHERE i.g > 0
            UNION ALL
            SELECT i.s, i.m, i.p, i.grp, 2, 'WITHDRAW_TAX', 'TAX', i.t, i.old + i.g - i.t, 'Pajak jasa simpanan ' || i.n
              FROM u i WHERE i.t > 0
            UNION ALL
            SELECT i.s, i.m, i.p, i.grp, 3, 'WITHDRAW', 'ADMIN_FEE', i.f, i.old + i.g - i.t - i.f, 'Biaya administrasi ' || i.n
              FROM u i WHERE i.f > 0
            ORDER BY 1, 5
          ) v
      ) q
    RETURNING 1
  )
  INSERT INTO saving_interest (tenant_id, release_id, saving_id, member_id, product_id, start_date, end_date, basis, basis_balance, rate,
                               gross, tax, admin_fee, net, tax_subject, tax_month, journal_id, group_id)
  SELECT app_tenant(), p_release, i.s, i.m, i.p, p_start, p_end, i.b, i.bb, i.r, i.g, i.t, i.f, i.g - i.t - i.f, i.subj, p_month, p_journal, i.grp
    FROM u i;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> jsonb_array_length(p_items) THEN
    RAISE EXCEPTION 'saving_interest_post: % of % accounts found', v_n, jsonb_array_length(p_items) USING ERRCODE = 'KS002';
  END IF;
  RETURN v_n;
END
$function$;
REVOKE ALL ON FUNCTION saving_interest_post(uuid, date, date, date, uuid, text, uuid, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_interest_post(uuid, date, date, date, uuid, text, uuid, jsonb) TO koperasi_app;
