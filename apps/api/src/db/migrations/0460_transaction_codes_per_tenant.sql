-- Transaction codes numbered per cooperative (issue 18). Until now `seq` and
-- the code TRX<yyMMdd><seq> came from the platform-wide sequence
-- member_transaction_seq, so a cooperative saw in its own codes how many
-- movements every other cooperative made. From here on `seq` comes from the
-- cooperative's own sequence (tenant_sequence_next, migration 0050):
-- unique and increasing within the cooperative (the order every list and
-- running balance uses), drawn without locking anything, so concurrent
-- movements still never wait for each other.
--
-- Numbered 0460 although it is platform work (range 0050-0099): it
-- redefines functions of migrations 0403 and 0404 and must run after them.
-- The functions that draw the numbers (saving_insert_movement, saving_move,
-- saving_move_many) live in src/db/functions/ and call
-- tenant_sequence_next('member_transaction_seq') there; this migration only
-- starts each existing cooperative's sequence.
-- (The 20-argument saving_insert_movement of 0401 has no caller left.)

-- Existing cooperatives continue after their highest number, so the order of
-- their rows (seq) stays the order of entry.
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT tenant_id, max(seq) AS last FROM member_transaction GROUP BY tenant_id LOOP
    EXECUTE format('CREATE SEQUENCE IF NOT EXISTS %I START WITH %s', 'member_transaction_seq_' || replace(r.tenant_id::text, '-', ''), r.last + 1);
  END LOOP;
END
$$;
