/**
 * The shape check of `npm run lint` (scripts/check-shape.mjs): what it measures, and that its allowlist may only
 * shrink (a listed offender that grows fails, a new one fails, a smaller one is reported).
 */
import { describe, expect, it } from 'vitest';
import { compare, measure } from '../../../scripts/check-shape.mjs';

const lines = (n: number, line = 'x();') => Array.from({ length: n }, () => line).join('\n');

describe('check-shape', () => {
  it('measures files, functions (arrow, method, nested) and SQL literals', () => {
    const text = [
      `export function big() {\n${lines(160, '  a();')}\n}`,
      `const arrow = () => {\n${lines(151, '  b();')}\n};`,
      'class C {\n  small() {\n    return 1;\n  }\n}',
      "const q = 'SELECT 1 FROM member';",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source text of a template literal with a placeholder
      'const t = `\n  INSERT INTO x (a) VALUES (${1})`;',
      "const prose = 'Select an account';",
    ].join('\n');
    const m = measure('a.ts', text);
    expect(m.functions.map((f) => [f.name, f.lines])).toEqual([
      ['big', 162],
      ['arrow', 153],
    ]);
    expect(m.sql).toBe(2);
    expect(m.lines).toBe(text.split('\n').length);
    expect(measure('x.routes.ts', "import { a } from './x.repo.ts';\nimport type { B } from './y.repo.ts';").dataImports).toBe(1);
  });

  it('lets the allowlist only shrink', () => {
    const file = (lines: number, fn = 0, sql = 0) => ({
      file: 'm.ts',
      lines,
      sql,
      dataImports: 0,
      functions: fn ? [{ name: 'f', line: 1, lines: fn }] : [],
    });
    const allow = { files: { 'm.ts': 600 }, functions: { 'm.ts::f': 200 }, sql: { 'm.ts': 3 } };
    expect(compare([file(600, 200, 3)], allow).violations).toEqual([]);
    expect(compare([file(601, 200, 3)], allow).violations).toHaveLength(1);
    expect(compare([file(600, 201, 4)], allow).violations).toHaveLength(2);
    const shrunk = compare([file(550, 0, 1)], allow);
    expect(shrunk.violations).toEqual([]);
    expect(shrunk.stale).toEqual(['files m.ts: 600 -> 550', 'sql m.ts: 3 -> 1', 'functions m.ts::f: no longer needed']);
    expect(shrunk.next).toMatchObject({ files: { 'm.ts': 550 }, functions: {}, sql: { 'm.ts': 1 } });
    expect(compare([{ ...file(501), file: 'n.ts' }], allow).violations[0]).toMatch(/^n\.ts: 501 lines/);
  });
});
