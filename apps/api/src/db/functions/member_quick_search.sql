-- member_quick_search: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0305_member_inactive_indexes.sql.
CREATE OR REPLACE FUNCTION member_quick_search(p_cif_exact text, p_cif_prefix text, p_phone_prefix text, p_identity_prefix text, p_name_prefix text, p_name_like text, p_live_only boolean, p_assigned uuid, p_limit integer)
 RETURNS TABLE(id uuid, rank integer)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO 'public'
 SET enable_seqscan TO 'off'
 SET enable_indexscan TO 'on'
AS $function$
DECLARE
  base text := 'm.tenant_id = app_tenant()';
  arms text[] := '{}';
  contains uuid[] := '{}';
BEGIN
  IF app_tenant() IS NULL THEN RETURN; END IF;
  IF p_live_only THEN base := base || ' AND m.is_active'; END IF;
  IF p_assigned IS NOT NULL THEN
    base := base || ' AND (m.agent_id = $8 OR m.area_id IN (SELECT u.area_id FROM app_user u WHERE u.tenant_id = app_tenant() AND u.id = $8 AND u.area_id IS NOT NULL))';
  END IF;
  IF p_name_like IS NOT NULL THEN
    PERFORM set_config('enable_indexscan', 'off', true);
    EXECUTE format('SELECT ARRAY(SELECT m.id FROM member m WHERE %s AND lower(m.full_name) LIKE $6 LIMIT $9)', base)
      INTO contains
      USING p_cif_exact, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_name_prefix, p_name_like, p_live_only, p_assigned, p_limit;
    PERFORM set_config('enable_indexscan', 'on', true);
  END IF;
  IF p_cif_exact IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 0 AS rank FROM member m WHERE %s AND m.cif_number = $1 LIMIT 1)', base);
  END IF;
  IF p_cif_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 1 AS rank FROM member m WHERE %s AND m.cif_number LIKE $2 ORDER BY m.cif_number LIMIT $9)', base);
  END IF;
  IF p_phone_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 2 AS rank FROM member m WHERE %s AND m.is_active AND m.phone LIKE $3 ORDER BY m.phone LIMIT $9)', base);
    IF NOT p_live_only THEN
      arms := arms || format('(SELECT m.id, 2 AS rank FROM member m WHERE %s AND NOT m.is_active AND m.phone LIKE $3 ORDER BY m.phone LIMIT $9)', base);
    END IF;
  END IF;
  IF p_identity_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 3 AS rank FROM member m WHERE %s AND m.is_active AND m.identity_number LIKE $4 ORDER BY m.identity_number LIMIT $9)', base);
    IF NOT p_live_only THEN
      arms := arms || format('(SELECT m.id, 3 AS rank FROM member m WHERE %s AND NOT m.is_active AND m.identity_number LIKE $4 ORDER BY m.identity_number LIMIT $9)', base);
    END IF;
  END IF;
  IF p_name_prefix IS NOT NULL THEN
    arms := arms || format('(SELECT m.id, 4 AS rank FROM member m WHERE %s AND (lower(m.full_name) COLLATE "C") LIKE $5 ORDER BY (lower(m.full_name) COLLATE "C") LIMIT $9)', base);
  END IF;
  IF cardinality(contains) > 0 THEN
    arms := arms || '(SELECT c.id, 5 AS rank FROM unnest($10::uuid[]) AS c(id))'::text;
  END IF;
  IF cardinality(arms) = 0 THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT u.id, min(u.rank)::integer FROM (%s) u GROUP BY u.id ORDER BY 2, 1 LIMIT $9', array_to_string(arms, ' UNION ALL '))
    USING p_cif_exact, p_cif_prefix, p_phone_prefix, p_identity_prefix, p_name_prefix, p_name_like, p_live_only, p_assigned, p_limit, contains;
END
$function$;
REVOKE ALL ON FUNCTION member_quick_search(text,text,text,text,text,text,boolean,uuid,integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION member_quick_search(text,text,text,text,text,text,boolean,uuid,integer) TO koperasi_app;
