-- member_count_update: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration:
-- it is applied after the migrations whenever its content changes; last defined in migration 0301_member_search.sql.
CREATE OR REPLACE FUNCTION member_count_update()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$;
