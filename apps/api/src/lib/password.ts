/**
 * Password hashing (argon2id, 19 MiB, 2 iterations, parallelism 1: the OWASP
 * minimum) and the password policy: 8 to 64 characters, not a common
 * password, not built from the user's own name, e-mail or the cooperative's
 * name, and strong enough for zxcvbn-ts (score 3 of 4, its common-password,
 * name and keyboard dictionaries; issue 18). Server side only: the web
 * bundle does not carry the dictionaries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  if (!common) {
    const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'common-passwords.txt');
    common = new Set(
      readFileSync(file, 'utf8')
        .split('\n')
        .map((l) => l.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return common;
}

export function isCommonPassword(pw: string): boolean {
  return commonPasswords().has(pw.toLowerCase());
}

/** Who the password is for: its own name, e-mail and cooperative must not make it up. */
export interface PasswordOwner {
  names?: Array<string | null | undefined>;
  email?: string | null;
  cooperativeName?: string | null;
}

/** The lowest zxcvbn score (0-4) accepted: 3, "safely unguessable" (about 10^8 guesses and more). */
const MIN_SCORE = 3;

let estimator: ZxcvbnFactory | null = null;
function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...dictionary }, graphs: adjacencyGraphs, useLevenshteinDistance: true });
  return estimator;
}

/** Words of a cooperative's name that say nothing about it (every cooperative has them). */
const GENERIC_WORDS = new Set([
  'koperasi',
  'kop',
  'ksp',
  'kspps',
  'kopsyah',
  'simpan',
  'pinjam',
  'syariah',
  'serba',
  'usaha',
  'unit',
  'desa',
  'primer',
  'sekunder',
  'karyawan',
  'pegawai',
  'produsen',
  'konsumen',
  'jasa',
  'pemasaran',
  'bersama',
  'indonesia',
]);

const fold = (v: string) => v.toLowerCase().replace(/[^a-z0-9]/g, '');
const words = (v: string) =>
  v
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The personal parts a password must not contain, by kind (each at least 3 characters, folded; the e-mail first, the most specific). */
function personalParts(who: PasswordOwner): Array<{ kind: 'name' | 'email' | 'cooperative'; part: string }> {
  const out: Array<{ kind: 'name' | 'email' | 'cooperative'; part: string }> = [];
  if (who.email) {
    const local = who.email.split('@')[0];
    out.push({ kind: 'email', part: fold(who.email) });
    if (fold(local).length >= 3) out.push({ kind: 'email', part: fold(local) });
    for (const w of words(local)) if (w.length >= 4) out.push({ kind: 'email', part: w });
  }
  for (const n of who.names ?? []) for (const w of words(n ?? '')) if (w.length >= 3) out.push({ kind: 'name', part: w });
  if (who.cooperativeName) {
    const distinctive = words(who.cooperativeName).filter((w) => !GENERIC_WORDS.has(w));
    if (distinctive.join('').length >= 4) out.push({ kind: 'cooperative', part: distinctive.join('') });
    for (const w of distinctive) if (w.length >= 4) out.push({ kind: 'cooperative', part: w });
  }
  return out;
}

/** Catalogue key of the first policy rule the password breaks, or null. */
export function passwordPolicyError(pw: string, who: PasswordOwner = {}): string | null {
  if (!pw) return 'validation.password_required';
  if (pw.length < 8 || pw.length > 64) return 'validation.password_length';
  if (isCommonPassword(pw)) return 'validation.password_common';
  const folded = fold(pw);
  const parts = personalParts(who);
  const hit = parts.find((p) => folded.includes(p.part));
  if (hit) return `validation.password_has_${hit.kind}`;
  if (
    zxcvbn().check(
      pw,
      parts.map((p) => p.part),
    ).score < MIN_SCORE
  )
    return 'validation.password_weak';
  return null;
}

export function hashPassword(pw: string): Promise<string> {
  return argon2.hash(pw, OPTIONS);
}

export async function verifyPassword(hash: string | null | undefined, pw: string): Promise<boolean> {
  if (!hash) {
    // Same work as a real check, so unknown accounts cannot be told apart by timing.
    await argon2.hash(pw, OPTIONS);
    return false;
  }
  try {
    return await argon2.verify(hash, pw);
  } catch {
    return false;
  }
}
