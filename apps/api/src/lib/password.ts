/**
 * Password hashing (argon2id, 19 MiB, 2 iterations, parallelism 1: the OWASP
 * minimum) and the password policy: 8 to 64 characters, not a common password.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Catalogue key of the first policy rule the password breaks, or null. */
export function passwordPolicyError(pw: string): string | null {
  if (!pw) return 'validation.password_required';
  if (pw.length < 8 || pw.length > 64) return 'validation.password_length';
  if (isCommonPassword(pw)) return 'validation.password_common';
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
