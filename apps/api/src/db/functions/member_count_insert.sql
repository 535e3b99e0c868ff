-- member_count_insert: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0301_member_search.sql.
CREATE OR REPLACE FUNCTION member_count_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO member_count AS c (tenant_id, member_type, status, branch_key, n)
  SELECT tenant_id, member_type, status, COALESCE(branch_id, '00000000-0000-0000-0000-000000000000'::uuid), count(*)
  FROM member_new GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (tenant_id, member_type, status, branch_key) DO UPDATE SET n = c.n + EXCLUDED.n;
  RETURN NULL;
END
$function$;
