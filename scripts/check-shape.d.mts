/** Types of scripts/check-shape.mjs for its test (apps/api/test/check-shape.test.ts). */
export const MAX_FILE_LINES: number;
export const MAX_FUNCTION_LINES: number;
export interface Measured {
  lines: number;
  functions: Array<{ name: string; line: number; lines: number }>;
  sql: number;
  dataImports: number;
}
export interface Allowlist {
  files?: Record<string, number>;
  functions?: Record<string, number>;
  sql?: Record<string, number>;
  routes?: Record<string, number>;
}
export function listFiles(cwd?: string): string[];
export function measure(file: string, text: string): Measured;
export function measureAll(cwd?: string): Array<Measured & { file: string }>;
export function compare(
  measured: Array<Measured & { file: string }>,
  allow: Allowlist,
): { violations: string[]; stale: string[]; next: Required<Allowlist> };
