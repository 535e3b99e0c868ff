-- uuid_v7_series: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- The n-th id of a series of time-ordered ids drawn at once: a base uuid_v7 (its time and random bits) with n in its
-- last four bytes, so the ids of one statement follow n exactly (uuid_v7 alone orders only by the millisecond). For
-- set-based writers that know the order they want, e.g. the migration's members in file order and their accounts in
-- the members' order: `uuid_v7_series((SELECT uuid_v7()), row_number() OVER (ORDER BY ...))`. n from 0 to 2^32 - 1.
CREATE OR REPLACE FUNCTION uuid_v7_series(p_base uuid, p_n bigint)
 RETURNS uuid
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT encode(overlay(uuid_send(p_base) PLACING substring(int8send(p_n) FROM 5) FROM 13 FOR 4), 'hex')::uuid
$function$;
