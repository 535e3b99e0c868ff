-- saving_interest_post: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- Writes decided figures of a voluntary savings interest release (docs/interest.md "Consolidation", "Interest upload";
-- modules/interest/figures.post.ts) through saving_interest_write (the balances, the movements TOPUP_INTEREST,
-- WITHDRAW_TAX, WITHDRAW ADMIN_FEE, the saving_interest rows), in saving id order. The ordinary release's chunk
-- (saving_interest_chunk) calls saving_interest_write with its arrays directly.
-- p_items: [{s: saving id, m: member, p: product, g: gross, t: tax, f: fee, b: basis, bb: basis balance, r: rate,
--            subj: tax subject, n: text of the descriptions}]. Answers the rows written.
CREATE OR REPLACE FUNCTION saving_interest_post(p_release uuid, p_start date, p_end date, p_month date, p_journal uuid, p_channel text,
                                                p_user uuid, p_items jsonb)
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  a record;
BEGIN
  -- The journal the rows point at is posted first by the caller (figures.post.ts postGroup), in this transaction;
  -- saving_interest has no foreign key to it (migration 1520), so it is checked here once.
  PERFORM 1 FROM journal j WHERE j.tenant_id = app_tenant() AND j.id = p_journal;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'saving_interest_post: journal % not posted', p_journal USING ERRCODE = 'KS002';
  END IF;
  SELECT array_agg(x.s ORDER BY x.s) AS s, array_agg(x.m ORDER BY x.s) AS m, array_agg(x.p ORDER BY x.s) AS p, array_agg(x.g ORDER BY x.s) AS g,
         array_agg(x.t ORDER BY x.s) AS t, array_agg(x.f ORDER BY x.s) AS f, array_agg(x.b ORDER BY x.s) AS b, array_agg(x.bb ORDER BY x.s) AS bb,
         array_agg(x.r ORDER BY x.s) AS r, array_agg(x.subj ORDER BY x.s) AS subj, array_agg(x.n ORDER BY x.s) AS n
    INTO a
    FROM jsonb_to_recordset(p_items) AS x(s uuid, m uuid, p uuid, g numeric, t numeric, f numeric, b text, bb numeric, r numeric, subj uuid, n text);
  RETURN saving_interest_write(p_release, p_start, p_end, p_month, p_journal, p_channel, p_user, a.s, a.m, a.p, a.g, a.t, a.f, a.b, a.bb, a.r,
                               a.subj, a.n);
END
$function$;
REVOKE ALL ON FUNCTION saving_interest_post(uuid, date, date, date, uuid, text, uuid, jsonb) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION saving_interest_post(uuid, date, date, date, uuid, text, uuid, jsonb) TO koperasi_app;
