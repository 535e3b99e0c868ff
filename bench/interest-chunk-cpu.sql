-- The savings interest release's SQL alone, on one backend (docs/interest.md "Third pass"): after
-- `npm run bench -- interest` (which pays the last full month), in the bench database as the owner:
--   psql -d <bench db> -f bench/interest-chunk-cpu.sql -c "CALL interest_chunk_cpu(2000, '2026-09-24', '2026-09-26')"
-- pays every account of the bench's cooperative for a period not paid yet (the days between the set-up's opening
-- date and the released month) through saving_interest_chunk, in committed chunks in (member, account) order, as
-- runBatch does, and reports this backend's own CPU (utime + stime from /proc/self/stat, 1/100 s) per account paid:
-- no WAL writer, checkpointer or Node in the figure, so two schemas or function versions can be compared A/B on
-- copies of one database (CREATE DATABASE ... TEMPLATE) on a loaded machine.
CREATE OR REPLACE PROCEDURE interest_chunk_cpu(p_chunk int, p_start date, p_end date) LANGUAGE plpgsql AS $$
DECLARE
  t uuid; r uuid; ids uuid[]; n int := 0; c0 bigint; c1 bigint; w0 timestamptz := clock_timestamp(); k int := 0; st text[]; x record;
BEGIN
  SELECT tenant_id, id INTO t, r FROM saving_interest_release ORDER BY created_date LIMIT 1;
  PERFORM set_config('app.tenant_id', t::text, false);
  st := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
  c0 := st[12]::bigint + st[13]::bigint;
  LOOP
    SELECT array_agg(z.id ORDER BY z.member_id, z.id) INTO ids
      FROM (SELECT s.id, s.member_id FROM member_saving s WHERE s.tenant_id = t ORDER BY s.member_id, s.id OFFSET k LIMIT p_chunk) z;
    EXIT WHEN ids IS NULL;
    SELECT * INTO x FROM saving_interest_chunk(r, ids, p_start, p_end, NULL, NULL, 'SYSTEM', 'MEMBER', 240000, 10);
    n := n + x.accounts;
    k := k + p_chunk;
    COMMIT;
    PERFORM set_config('app.tenant_id', t::text, false);
  END LOOP;
  st := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
  c1 := st[12]::bigint + st[13]::bigint;
  RAISE NOTICE '% % - %: % accounts, backend CPU % s = % us/account, wall % s', current_database(), p_start, p_end, n, (c1 - c0) / 100.0,
    round((c1 - c0) * 10000.0 / greatest(n, 1)), round(extract(epoch FROM clock_timestamp() - w0)::numeric, 1);
END $$;

-- A part of the accounts, as the application's role (docs/interest.md "Ninth pass"): p_chunks chunks of p_chunk
-- accounts from the p_skip-th account in (member, account) order, each chunk's call made as koperasi_app (row-level
-- security on, as the release runs), the CPU and the WAL written per account reported. Two psql sessions with
-- different p_skip run two chunks at once, as the release's two connections do:
--   psql -d <bench db> -f bench/interest-chunk-cpu.sql -c "CALL interest_chunk_cpu_part(2000, '2026-11-01', '2026-11-01', 25, 0)"
CREATE OR REPLACE PROCEDURE interest_chunk_cpu_part(p_chunk int, p_start date, p_end date, p_chunks int, p_skip int) LANGUAGE plpgsql AS $$
DECLARE
  t uuid; r uuid; one uuid[]; n int := 0; st text[]; c0 bigint; c1 bigint; w0 timestamptz; x record; l0 pg_lsn;
BEGIN
  SELECT tenant_id, id INTO t, r FROM saving_interest_release ORDER BY created_date LIMIT 1;
  PERFORM set_config('app.tenant_id', t::text, false);
  CREATE TEMP TABLE IF NOT EXISTS interest_chunk_pick(c int, id uuid);
  TRUNCATE interest_chunk_pick;
  INSERT INTO interest_chunk_pick SELECT ((row_number() OVER (ORDER BY z.member_id, z.id)) - 1) / p_chunk, z.id
    FROM (SELECT s.id, s.member_id FROM member_saving s WHERE s.tenant_id = t ORDER BY s.member_id, s.id OFFSET p_skip LIMIT p_chunk * p_chunks) z;
  COMMIT;
  PERFORM set_config('app.tenant_id', t::text, false);
  w0 := clock_timestamp();
  l0 := pg_current_wal_lsn();
  st := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
  c0 := st[12]::bigint + st[13]::bigint;
  FOR ci IN 0..p_chunks - 1 LOOP
    SELECT array_agg(p.id) INTO one FROM interest_chunk_pick p WHERE p.c = ci;
    SET ROLE koperasi_app;
    SELECT * INTO x FROM saving_interest_chunk(r, one, p_start, p_end, NULL, NULL, 'SYSTEM', 'MEMBER', 240000, 10);
    RESET ROLE;
    n := n + x.accounts;
    COMMIT;
    PERFORM set_config('app.tenant_id', t::text, false);
  END LOOP;
  st := regexp_split_to_array(split_part(pg_read_file('/proc/self/stat'), ') ', 2), ' ');
  c1 := st[12]::bigint + st[13]::bigint;
  RAISE NOTICE '% - %: % accounts, backend CPU % us/account, wall % s, WAL % B/account (the whole server''s)', p_start, p_end, n,
    round((c1 - c0) * 10000.0 / greatest(n, 1)), round(extract(epoch FROM clock_timestamp() - w0)::numeric, 2),
    round(pg_wal_lsn_diff(pg_current_wal_lsn(), l0) / greatest(n, 1));
END $$;
