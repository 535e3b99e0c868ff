-- uuid_v7: the live definition (docs/contributing.md "SQL functions"). Edit this file, not a migration.
--
-- A time-ordered UUID (RFC 9562 version 7): the first 48 bits the milliseconds since 1970 (clock_timestamp), the
-- version nibble 7, the rest random (gen_random_uuid's). The default id of members, their accounts and movements
-- (migration 1660), as the API's uuidv7 (lib/uuid7.ts) is the journals': rows created one after the other get ids in
-- that order, so the indexes led by them are written at their end, not at a random leaf page. The month-end jobs go
-- through members and their accounts in id order; with random ids every account's interest movement went to a
-- different leaf page of the movements' index by account and of the paid check (docs/interest.md "Sixth pass").
-- Ids within one millisecond are not ordered among themselves.
CREATE OR REPLACE FUNCTION uuid_v7()
 RETURNS uuid
 LANGUAGE sql
 VOLATILE PARALLEL SAFE
AS $function$
  SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid()) PLACING
           substring(int8send(floor(extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6), 52, 1), 53, 1), 'hex')::uuid
$function$;
