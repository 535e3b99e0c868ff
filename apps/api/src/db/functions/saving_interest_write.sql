-- saving_interest_write: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- Writes one chunk of a voluntary savings interest release (docs/interest.md "Release") set-based in one call, from
-- arrays (one element per account, in account order): the figures (gross, tax by THE rule interest_tax_withhold,
-- admin fee) come from the caller (saving_interest_chunk, or saving_interest_post for decided figures):
--  1. each account's balance moves by gross - tax - fee (accounts locked by the caller, FOR UPDATE in id order);
--  2. its movements: TOPUP_INTEREST (gross), WITHDRAW_TAX (tax), WITHDRAW activity ADMIN_FEE (fee), in that order,
--     each with its running balance_after, a per-cooperative transaction code (one block: tenant_sequence_block), the
--     account's group id and the chunk's journal (p_journal, posted by the caller in the same transaction);
--  3. its saving_interest row (the unique index saving_interest_once_uq refuses a second POSTED row for the same
--     account and period, so a retried chunk can never pay twice). The table has no foreign keys (migration 1520):
--     the release is checked once per call, every row's account is one this call updated (else the call fails), the
--     journal is the caller's, posted in the same transaction.
-- The ids of the movements, groups and interest rows are time-ordered (v7: the millisecond, then random bits, the
-- last 4 bytes a counter within the call), so their indexes (member_transaction's primary key and group index,
-- saving_interest's primary key) grow at their right edge instead of touching a random page per row.
-- Arrays: s saving id, m member, p product, g gross, t tax, f fee, b basis, bb basis balance, r rate, subj tax
-- subject, n the text of the descriptions. Answers the rows written.
CREATE OR REPLACE FUNCTION saving_interest_write(p_release uuid, p_start date, p_end date, p_month date, p_journal uuid, p_channel text,
                                                 p_user uuid, p_s uuid[], p_m uuid[], p_p uuid[], p_g numeric[], p_t numeric[],
                                                 p_f numeric[], p_b text[], p_bb numeric[], p_r numeric[], p_subj uuid[], p_n text[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_n integer;
  v_count integer := coalesce(cardinality(p_s), 0);
  v_seqs bigint[];
  -- A v7 uuid's bytes; the id of counter x is these bytes with the last 4 replaced by x.
  v_base bytea := set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
                    substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1);
BEGIN
  IF app_tenant() IS NULL THEN
    RAISE EXCEPTION 'saving_interest_write: no tenant in this transaction' USING ERRCODE = 'KL000';
  END IF;
  IF v_count = 0 THEN
    RETURN 0;
  END IF;
  -- The release the rows belong to, once per call (saving_interest has no foreign keys, migration 1520: what they
  -- guaranteed holds here: the release checked and kept FOR KEY SHARE, each row's account found by the update below,
  -- the journal posted by the caller in the same transaction).
  PERFORM 1 FROM saving_interest_release r WHERE r.tenant_id = app_tenant() AND r.id = p_release FOR KEY SHARE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'saving_interest_write: release % not found', p_release USING ERRCODE = 'KS002';
  END IF;
  -- The movements' codes in one block of the cooperative's sequence (one number per movement written below).
  SELECT tenant_sequence_block('member_transaction_seq', (count(*) FILTER (WHERE x.g > 0) + count(*) FILTER (WHERE x.t > 0)
                                                          + count(*) FILTER (WHERE x.f > 0))::int)
    INTO v_seqs FROM unnest(p_g, p_t, p_f) AS x(g, t, f);
  WITH x AS (
    -- j: the account's place; counters 1.. for the movements, 2^30 + j for the groups, 2^31 + j for the interest rows.
    SELECT x.*, encode(overlay(v_base PLACING substring(int8send(1073741824 + x.j) FROM 5) FROM 13 FOR 4), 'hex')::uuid AS grp
      FROM unnest(p_s, p_m, p_p, p_g, p_t, p_f, p_b, p_bb, p_r, p_subj, p_n) WITH ORDINALITY
           AS x(s, m, p, g, t, f, b, bb, r, subj, n, j)
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
    INSERT INTO member_transaction (tenant_id, id, seq, code, transaction_date, member_id, product_id, product_kind, saving_id, kind, activity,
                                    amount, balance_after, channel, group_id, description, created_by, approved_by, journal_id)
    SELECT app_tenant(), encode(overlay(v_base PLACING substring(int8send(q.o) FROM 5) FROM 13 FOR 4), 'hex')::uuid, v_seqs[q.o],
           'TRX' || to_char(p_end, 'YYMMDD') || lpad(v_seqs[q.o]::text, 8, '0'), p_end, q.m, q.p, 'SAVING', q.s, q.kind,
           q.activity, q.amount, q.after, p_channel, q.grp, q.descr, p_user, p_user, p_journal
      FROM (
        SELECT v.*, row_number() OVER (ORDER BY v.j, v.k) AS o
          FROM (
            SELECT i.j, i.s, i.m, i.p, i.grp, 1 AS k, 'TOPUP_INTEREST' AS kind, 'INTEREST' AS activity, i.g AS amount, i.old + i.g AS after,
                   'Jasa simpanan ' || i.n AS descr
              FROM u i WHERE i.g > 0
            UNION ALL
            SELECT i.j, i.s, i.m, i.p, i.grp, 2, 'WITHDRAW_TAX', 'TAX', i.t, i.old + i.g - i.t, 'Pajak jasa simpanan ' || i.n
              FROM u i WHERE i.t > 0
            UNION ALL
            SELECT i.j, i.s, i.m, i.p, i.grp, 3, 'WITHDRAW', 'ADMIN_FEE', i.f, i.old + i.g - i.t - i.f, 'Biaya administrasi ' || i.n
              FROM u i WHERE i.f > 0
          ) v
      ) q
    RETURNING 1
  )
  INSERT INTO saving_interest (tenant_id, id, release_id, saving_id, member_id, product_id, start_date, end_date, basis, basis_balance, rate,
                               gross, tax, admin_fee, net, tax_subject, tax_month, journal_id, group_id)
  SELECT app_tenant(), encode(overlay(v_base PLACING substring(int8send(2147483648 + i.j) FROM 5) FROM 13 FOR 4), 'hex')::uuid, p_release,
         i.s, i.m, i.p, p_start, p_end, i.b, i.bb, i.r, i.g, i.t, i.f, i.g - i.t - i.f, i.subj, p_month, p_journal, i.grp
    FROM u i ORDER BY i.j;
  GET DIAGNOSTICS v_n = ROW_COUNT;
  IF v_n <> v_count THEN
    RAISE EXCEPTION 'saving_interest_write: % of % accounts found', v_n, v_count USING ERRCODE = 'KS002';
  END IF;
  RETURN v_n;
END
$function$;
REVOKE ALL ON FUNCTION saving_interest_write(uuid, date, date, date, uuid, text, uuid, uuid[], uuid[], uuid[], numeric[], numeric[], numeric[], text[],
                                             numeric[], numeric[], uuid[], text[]) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_interest_write(uuid, date, date, date, uuid, text, uuid, uuid[], uuid[], uuid[], numeric[], numeric[], numeric[], text[],
                                                numeric[], numeric[], uuid[], text[]) TO koperasi_app;
