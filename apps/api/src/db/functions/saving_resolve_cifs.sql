-- saving_resolve_cifs: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- The items of a saving_move_many batch with the account of each by-CIF movement filled in (savings.batch.ts):
-- an item with `cif` (upper-cased) and `product` gets `saving`, the member's one ACTIVE account of the product,
-- or without a product the one voluntary (kind SAVING) account, as accountByCif finds it. None or several:
-- `saving` stays null, saving_move_many refuses the movement and the movement alone answers why (or opens the
-- missing equity account). Items with `saving` pass unchanged.
-- A function rather than a subquery of the batch's statement: its plan is made once per connection (the batch's
-- statement is planned on every call), and the CIF is compared as a column of jsonb_to_record in the column's collation ("C"), so under
-- row-level security the member's CIF index is used (an expression there, upper() or ->>, is not leakproof).
CREATE OR REPLACE FUNCTION saving_resolve_cifs(p_items jsonb)
 RETURNS jsonb
 LANGUAGE plpgsql
 STABLE
 SET plan_cache_mode TO 'force_generic_plan'
AS $function$
DECLARE
  v_out jsonb;
BEGIN
  SELECT jsonb_agg(CASE WHEN k.saving IS NULL AND k.cif IS NOT NULL THEN x.i || jsonb_build_object('saving', (
           SELECT CASE WHEN count(*) = 1 THEN (array_agg(s.id))[1] END
             FROM member m JOIN member_saving s ON s.tenant_id = m.tenant_id AND s.member_id = m.id
            WHERE m.tenant_id = app_tenant() AND m.cif_number = k.cif COLLATE "C" AND s.tenant_id = app_tenant() AND s.status = 'ACTIVE'
              AND CASE WHEN k.product IS NULL THEN s.kind = 'SAVING' ELSE s.product_id = k.product END))
         ELSE x.i END ORDER BY x.n)
    INTO v_out
    FROM jsonb_array_elements(p_items) WITH ORDINALITY AS x(i, n)
    CROSS JOIN LATERAL jsonb_to_record(x.i) AS k(saving uuid, cif text, product uuid);
  RETURN v_out;
END
$function$;
