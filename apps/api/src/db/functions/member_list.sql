-- member_list: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0305_member_inactive_indexes.sql.
CREATE OR REPLACE FUNCTION member_list(p_name_like text, p_name_prefix text, p_cif_prefix text, p_phone_prefix text, p_identity_prefix text, p_active boolean, p_types text[], p_statuses text[], p_upgrade_waiting boolean, p_branch uuid, p_area uuid, p_agent uuid, p_from timestamp with time zone, p_until timestamp with time zone, p_assigned uuid, p_sort text, p_desc boolean, p_limit integer, p_offset integer, p_count_cap integer)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET enable_seqscan TO 'off'
 SET enable_indexscan TO 'on'
AS $function$
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
  IF p_phone_prefix IS NOT NULL THEN search := search || '(m.is_active AND m.phone LIKE $4) OR (NOT m.is_active AND m.phone LIKE $4)'::text; END IF;
  IF p_identity_prefix IS NOT NULL THEN
    search := search || '(m.is_active AND m.identity_number LIKE $5) OR (NOT m.is_active AND m.identity_number LIKE $5)'::text;
  END IF;
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

  -- A name search that may be broad: walk the list's order (8,000 rows, or up
  -- to 50,000 while the matches seen say the list holds over p_count_cap).
  IF (p_name_like IS NOT NULL OR p_name_prefix IS NOT NULL) AND p_count_cap IS NOT NULL AND counted_filters
     AND COALESCE(p_sort, 'created_date') IN ('created_date', 'full_name', 'cif_number') AND listed > 0 THEN
    FOR rec IN EXECUTE format('SELECT m.id, %s AS hit FROM member m WHERE %s ORDER BY %s LIMIT 50000', search_sql, base_sql, ord)
      USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
            p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset
    LOOP
      scanned := scanned + 1;
      IF rec.hit THEN
        found := found + 1;
        IF found > p_offset AND found <= need THEN ids := ids || rec.id; END IF;
      END IF;
      -- The density is judged on 2,000 rows of the list at least (or all of it), never on the page alone: rows
      -- created together (an upload, a migration) follow each other in the list's order with their ids (time-ordered,
      -- migration 1660), and a run of them can match a search densely where the rest of the list does not.
      EXIT WHEN found >= need AND scanned >= least(listed, 2000);
      EXIT WHEN scanned >= 8000 AND found::numeric * listed / scanned < p_count_cap;
    END LOOP;
    IF found >= need AND found::numeric * listed / scanned >= p_count_cap THEN
      RETURN jsonb_build_object('ids', to_jsonb(ids), 'total', p_count_cap, 'capped', true);
    END IF;
    ids := '{}';
  END IF;

  -- Collect the matches up to the cap through bitmap scans of the search indexes, and sort them.
  PERFORM set_config('enable_indexscan', 'off', true);
  EXECUTE format(
    'WITH hits AS MATERIALIZED (SELECT m.id, m.created_date, m.cif_number, m.full_name, m.join_date, m.birth_date, m.status, m.member_type, m.updated_date '
    'FROM member m WHERE %s AND %s LIMIT $20) SELECT (SELECT count(*) FROM hits), ARRAY(SELECT m.id FROM hits m ORDER BY %s LIMIT $18 OFFSET $19)',
    base_sql, search_sql, ord)
    INTO total, ids
    USING p_name_like, p_name_prefix, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_active, p_types, p_statuses,
          p_upgrade_waiting, p_branch, p_area, p_agent, p_from, p_until, p_assigned, p_sort, p_desc, p_limit, p_offset,
          COALESCE(p_count_cap, 1000000000) + 1;
  PERFORM set_config('enable_indexscan', 'on', true);
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
$function$;
REVOKE ALL ON FUNCTION member_list(text,text,text,text,text,boolean,text[],text[],boolean,uuid,uuid,uuid,timestamp with time zone,timestamp with time zone,uuid,text,boolean,integer,integer,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION member_list(text,text,text,text,text,boolean,text[],text[],boolean,uuid,uuid,uuid,timestamp with time zone,timestamp with time zone,uuid,text,boolean,integer,integer,integer) TO koperasi_app;
