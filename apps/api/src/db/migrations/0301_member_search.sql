-- Member lists over a million members per cooperative.
--
-- 1. Row-level security lets an index serve only leakproof conditions; LIKE,
--    lower() and the trigram operators are not leakproof, so under RLS a name
--    or prefix search reads the whole table. The list and the as-you-type
--    search therefore run in SECURITY DEFINER functions (member_list,
--    member_quick_search) that always filter `tenant_id = app_tenant()`
--    themselves and return only member ids; the caller then reads the rows
--    under RLS as usual. Outside a tenant transaction they return nothing.
-- 2. CIF, phone and identity numbers sort and match prefixes byte-wise
--    (COLLATE "C"), so one plain btree serves equality, LIKE 'x%' and ORDER BY.
-- 3. member_count keeps the number of members per type, status and branch
--    (statement-level triggers), so an unfiltered list or one filtered by
--    type, status, activity or branch knows its total without counting a
--    million rows.

DROP INDEX member_cif_uq;
DROP INDEX member_identity_idx;
DROP INDEX member_phone_idx;
DROP INDEX member_name_prefix_idx;
ALTER TABLE member
  ALTER COLUMN cif_number TYPE text COLLATE "C",
  ALTER COLUMN phone TYPE text COLLATE "C",
  ALTER COLUMN identity_number TYPE text COLLATE "C";
CREATE UNIQUE INDEX member_cif_uq ON member (tenant_id, cif_number);
CREATE INDEX member_identity_idx ON member (tenant_id, identity_number);
CREATE INDEX member_phone_idx ON member (tenant_id, phone);
CREATE INDEX member_name_sort_idx ON member (tenant_id, (lower(full_name) COLLATE "C"));

-- ---------------------------------------------------------------- counts

CREATE TABLE member_count (
  tenant_id uuid NOT NULL REFERENCES tenant (tenant_id) ON DELETE CASCADE,
  member_type text NOT NULL,
  status text NOT NULL,
  -- The branch, or the zero uuid for members without one.
  branch_key uuid NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (tenant_id, member_type, status, branch_key)
);
ALTER TABLE member_count ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON member_count USING (tenant_id = app_tenant()) WITH CHECK (tenant_id = app_tenant());

CREATE OR REPLACE FUNCTION member_count_insert() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_count AS c (tenant_id, member_type, status, branch_key, n)
  SELECT tenant_id, member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM member_new GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, member_type, status, branch_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION member_count_update() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO member_count AS c (tenant_id, member_type, status, branch_key, n)
  SELECT tenant_id, member_type, status, branch_key, sum(k)
  FROM (
    SELECT tenant_id, member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid) AS branch_key, -1 AS k FROM member_old
    UNION ALL
    SELECT tenant_id, member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), 1 FROM member_new
  ) d
  GROUP BY 1, 2, 3, 4 HAVING sum(k) <> 0 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, member_type, status, branch_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$$;

CREATE TRIGGER member_count_insert AFTER INSERT ON member
  REFERENCING NEW TABLE AS member_new FOR EACH STATEMENT EXECUTE FUNCTION member_count_insert();
CREATE TRIGGER member_count_update AFTER UPDATE ON member
  REFERENCING OLD TABLE AS member_old NEW TABLE AS member_new FOR EACH STATEMENT EXECUTE FUNCTION member_count_update();

INSERT INTO member_count (tenant_id, member_type, status, branch_key, n)
SELECT tenant_id, member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
FROM member GROUP BY 1, 2, 3, 4;

-- ---------------------------------------------------------------- list

-- Both functions read through indexes only (enable_seqscan off): a search
-- whose matches the planner overestimates must not turn into a full scan of a
-- million rows.
--
-- member_list: one page of member ids and the total. Search patterns come
-- ready-made from the application (LIKE patterns with % and _ escaped); any
-- NULL argument is no filter; p_sort is a whitelisted key.
--
-- A name search is answered in one of two ways:
--  * broad (a common first or last name): the rows are walked in the list's
--    order (an index) and the first matches make the page; when the matches
--    seen are dense enough that the list holds over p_count_cap of them
--    (estimated from the density and the exact size of the list without the
--    search, from member_count), the total is reported as p_count_cap with
--    capped = true ("1000+": refine the search);
--  * otherwise the matches (at most p_count_cap + 1) are collected through the
--    trigram and btree indexes, counted exactly and sorted; over the cap the
--    total is again p_count_cap with capped = true.
-- Searches by number (CIF, phone, identity number) go the second way at once.
CREATE OR REPLACE FUNCTION member_list(
  p_name_like text, p_name_prefix text, p_cif_prefix text, p_phone_prefix text, p_identity_prefix text,
  p_active boolean, p_types text[], p_statuses text[], p_upgrade_waiting boolean,
  p_branch uuid, p_area uuid, p_agent uuid, p_from timestamptz, p_until timestamptz, p_assigned uuid,
  p_sort text, p_desc boolean, p_limit integer, p_offset integer, p_count_cap integer)
RETURNS jsonb
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET enable_seqscan = off
AS $$
DECLARE
  conds text[] := ARRAY['m.tenant_id = app_tenant()'];
  search text[] := '{}';
  dir text := CASE WHEN p_desc THEN 'DESC' ELSE 'ASC' END;
  ord text;
  base_sql text;
  search_sql text;
  ids uuid[] := '{}';
  total bigint;
  listed bigint;
  counted_filters boolean;
  need integer := p_offset + p_limit;
  found integer := 0;
  scanned integer := 0;
  rec record;
BEGIN
  IF app_tenant() IS NULL THEN
    RETURN jsonb_build_object('ids', '[]'::jsonb, 'total', 0, 'capped', false);
  END IF;
  IF p_name_like IS NOT NULL THEN search := search || 'lower(m.full_name) LIKE $1'::text; END IF;
  IF p_name_prefix IS NOT NULL THEN search := search || '(lower(m.full_name) COLLATE "C") LIKE $2'::text; END IF;
  IF p_cif_prefix IS NOT NULL THEN search := search || 'm.cif_number LIKE $3'::text; END IF;
  IF p_phone_prefix IS NOT NULL THEN search := search || 'm.phone LIKE $4'::text; END IF;
  IF p_identity_prefix IS NOT NULL THEN search := search || 'm.identity_number LIKE $5'::text; END IF;
  IF p_active IS NOT NULL THEN conds := conds || CASE WHEN p_active THEN 'm.is_active' ELSE 'NOT m.is_active' END; END IF;
  IF p_types IS NOT NULL THEN conds := conds || 'm.member_type = ANY($7)'::text; END IF;
  IF p_statuses IS NOT NULL THEN conds := conds || 'm.status = ANY($8)'::text; END IF;
  IF p_upgrade_waiting THEN conds := conds || ($c$m.upgrade_status = 'WAITING_APPROVAL'$c$)::text; END IF;
  IF p_branch IS NOT NULL THEN conds := conds || 'm.branch_id = $10'::text; END IF;
  IF p_area IS NOT NULL THEN conds := conds || 'm.area_id = $11'::text; END IF;
  IF p_agent IS NOT NULL THEN conds := conds || 'm.agent_id = $12'::text; END IF;
  IF p_from IS NOT NULL THEN conds := conds || 'm.created_date >= $13'::text; END IF;
  IF p_until IS NOT NULL THEN conds := conds || 'm.created_date < $14'::text; END IF;
  IF p_assigned IS NOT NULL THEN
    conds := conds || '(m.agent_id = $15 OR m.area_id IN (SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = $15 AND u.area_id IS NOT NULL))'::text;
  END IF;
  base_sql := array_to_string(conds, ' AND ');
  search_sql := CASE WHEN cardinality(search) > 0 THEN '(' || array_to_string(search, ' OR ') || ')' END;
  ord := CASE p_sort
    WHEN 'cif_number' THEN 'm.cif_number ' || dir
    WHEN 'full_name' THEN '(lower(m.full_name) COLLATE "C") ' || dir
    WHEN 'join_date' THEN 'm.join_date ' || dir || ' NULLS LAST'
    WHEN 'birth_date' THEN 'm.birth_date ' || dir || ' NULLS LAST'
    WHEN 'status' THEN 'm.status ' || dir
    WHEN 'member_type' THEN 'm.member_type ' || dir
    WHEN 'updated_date' THEN 'm.updated_date ' || dir
    ELSE 'm.created_date ' || dir
  END || ', m.id ' || dir;

  -- Members in the list without the search, when member_count knows it exactly.
  counted_filters := p_area IS NULL AND p_agent IS NULL AND p_from IS NULL AND p_until IS NULL
                     AND p_assigned IS NULL AND NOT COALESCE(p_upgrade_waiting, false);
  IF counted_filters THEN
    SELECT COALESCE(sum(c.n), 0) INTO listed FROM member_count c
    WHERE c.tenant_id = app_tenant()
      AND (p_types IS NULL OR c.member_type = ANY(p_types))
      AND (p_statuses IS NULL OR c.status = ANY(p_statuses))
      AND (p_active IS NULL OR (c.status IN ('WAITING_INTERVIEW', 'WAITING_APPROVAL', 'ACTIVE')) = p_active)
      AND (p_branch IS NULL OR c.branch_key = p_branch);
  END IF;

  IF search_sql IS NULL THEN
    EXECUTE format('SELECT ARRAY(SELECT m.id FROM member m WHERE %s ORDER BY %s LIMIT $18 OFFSET $19)', base_sql, ord)
      INTO ids
      USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
            p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset;
    IF cardinality(ids) < p_limit AND (p_offset = 0 OR cardinality(ids) > 0) THEN
      total := p_offset + cardinality(ids);
    ELSIF counted_filters THEN
      total := listed;
    ELSE
      EXECUTE format('SELECT count(*) FROM member m WHERE %s', base_sql)
        INTO total
        USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
              p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset;
    END IF;
    RETURN jsonb_build_object('ids', to_jsonb(ids), 'total', total, 'capped', false);
  END IF;

  -- A name search that may be broad: walk the list's order for at most 4,000 rows.
  IF (p_name_like IS NOT NULL OR p_name_prefix IS NOT NULL) AND p_count_cap IS NOT NULL AND counted_filters
     AND COALESCE(p_sort, 'created_date') IN ('created_date', 'full_name', 'cif_number') THEN
    FOR rec IN EXECUTE format('SELECT m.id, %s AS hit FROM member m WHERE %s ORDER BY %s LIMIT 4000', search_sql, base_sql, ord)
      USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
            p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset
    LOOP
      scanned := scanned + 1;
      IF rec.hit THEN
        found := found + 1;
        IF found > p_offset THEN ids := ids || rec.id; END IF;
        EXIT WHEN found >= need;
      END IF;
    END LOOP;
    IF found >= need AND found::numeric * listed / scanned >= p_count_cap THEN
      RETURN jsonb_build_object('ids', to_jsonb(ids), 'total', p_count_cap, 'capped', true);
    END IF;
  END IF;

  -- Collect the matches up to the cap through the indexes and sort them.
  EXECUTE format(
    'WITH hits AS MATERIALIZED (SELECT m.id, m.created_date, m.cif_number, m.full_name, m.join_date, m.birth_date, m.status, m.member_type, m.updated_date '
    'FROM member m WHERE %s AND %s LIMIT $20) SELECT (SELECT count(*) FROM hits), ARRAY(SELECT m.id FROM hits m ORDER BY %s LIMIT $18 OFFSET $19)',
    base_sql, search_sql, ord)
    INTO total, ids
    USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
          p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset,
          COALESCE(p_count_cap, 1000000000) + 1;
  IF p_count_cap IS NOT NULL AND total > p_count_cap THEN
    -- Broad after all: the page comes from the list's order, where matches are dense.
    EXECUTE format('SELECT ARRAY(SELECT m.id FROM member m WHERE %s AND %s ORDER BY %s LIMIT $18 OFFSET $19)', base_sql, search_sql, ord)
      INTO ids
      USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
            p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset;
    RETURN jsonb_build_object('ids', to_jsonb(ids), 'total', p_count_cap, 'capped', true);
  END IF;
  RETURN jsonb_build_object('ids', to_jsonb(ids), 'total', total, 'capped', false);
END
$$;
REVOKE ALL ON FUNCTION member_list(text, text, text, text, text, boolean, text[], text[], boolean, uuid, uuid, uuid,
  timestamptz, timestamptz, uuid, text, boolean, integer, integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION member_list(text, text, text, text, text, boolean, text[], text[], boolean, uuid, uuid, uuid,
  timestamptz, timestamptz, uuid, text, boolean, integer, integer, integer) TO koperasi_app;

-- As-you-type lookup: exact CIF, then CIF, phone and identity prefixes, then
-- names starting with the text, then names containing it; each arm bounded.
CREATE OR REPLACE FUNCTION member_quick_search(
  p_cif_exact text, p_cif_prefix text, p_phone_prefix text, p_identity_prefix text, p_name_prefix text, p_name_like text,
  p_live_only boolean, p_assigned uuid, p_limit integer)
RETURNS TABLE (id uuid, rank integer)
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public SET enable_seqscan = off
AS $$
DECLARE
  base text := 'm.tenant_id = app_tenant()';
  arms text[] := '{}';
BEGIN
  IF app_tenant() IS NULL THEN RETURN; END IF;
  IF p_live_only THEN base := base || ' AND m.is_active'; END IF;
  IF p_assigned IS NOT NULL THEN
    base := base || ' AND (m.agent_id = $8 OR m.area_id IN (SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = $8 AND u.area_id IS NOT NULL))';
  END IF;
  IF p_cif_exact IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 0 AS rank FROM member m WHERE %s AND m.cif_number = $1 LIMIT 1)', base);
  END IF;
  IF p_cif_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 1 FROM member m WHERE %s AND m.cif_number LIKE $2 ORDER BY m.cif_number LIMIT $9)', base);
  END IF;
  IF p_phone_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 2 FROM member m WHERE %s AND m.phone LIKE $3 ORDER BY m.phone LIMIT $9)', base);
  END IF;
  IF p_identity_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 3 FROM member m WHERE %s AND m.identity_number LIKE $4 ORDER BY m.identity_number LIMIT $9)', base);
  END IF;
  IF p_name_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 4 FROM member m WHERE %s AND (lower(m.full_name) COLLATE "C") LIKE $5 ORDER BY (lower(m.full_name) COLLATE "C") LIMIT $9)', base);
  END IF;
  IF p_name_like IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 5 FROM member m WHERE %s AND lower(m.full_name) LIKE $6 LIMIT $9)', base);
  END IF;
  IF cardinality(arms) = 0 THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT u.id, min(u.rank)::integer FROM (%s) u GROUP BY u.id ORDER BY 2, 1 LIMIT $9', array_to_string(arms, ' UNION ALL '))
    USING p_cif_exact, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_name_prefix, p_name_like, p_live_only, p_assigned, p_limit;
END
$$;
REVOKE ALL ON FUNCTION member_quick_search(text, text, text, text, text, text, boolean, uuid, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION member_quick_search(text, text, text, text, text, text, boolean, uuid, integer) TO koperasi_app;
