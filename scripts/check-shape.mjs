#!/usr/bin/env node
/**
 * Shape rules, checked by `npm run lint` (docs/contributing.md "Shape"):
 *  - no .ts/.tsx file over 500 lines;
 *  - no function over 150 lines (every function-like node of the TypeScript
 *    syntax tree: declarations, methods, accessors, constructors, arrow
 *    functions and function expressions; a function's length includes the
 *    functions written inside it);
 *  - SQL only in `*.repo.ts` files (and `apps/api/src/db/`: the database layer
 *    and `db/functions/<name>.sql`). Heuristic: a string or template literal (keywords in capitals, as the code writes SQL)
 *    that starts like a statement (SELECT, INSERT INTO, UPDATE … SET, DELETE
 *    FROM, WITH … AS, CALL) or a tagged template `sql`…``;
 *  - route files (`*.routes.ts`, `*-routes.ts`) register routes and call services: they import no `*.repo.ts` and
 *    nothing of `apps/api/src/db/` (type-only imports excepted).
 * Migrations, seeds (`*.seed.ts`, `seed/`, `seeds/`), tests (`*.test.ts(x)`,
 * `test/`, `e2e/`, `__tests__/`), `bench/`, declaration files and generated files
 * (`*.gen.ts`, `generated/`, or a first comment saying `@generated`) are left out.
 *
 * Offenders that existed when the check came in are listed with their measured
 * size in `scripts/shape-allowlist.json`; that list may only shrink. The check
 * fails when a listed file or function grows, or a new offender appears, and it
 * prints the entries that can shrink or go. `--shrink` rewrites the list with the
 * smaller measured values (it never raises or adds one).
 *
 *   node scripts/check-shape.mjs            check (exit 1 on a violation)
 *   node scripts/check-shape.mjs --shrink   check, then lower/remove stale entries
 *   node scripts/check-shape.mjs --report   print every measured offender
 *   node scripts/check-shape.mjs --baseline writes today's offenders as the list (a reviewed reset only, e.g. when
 *                                           branches that split files are merged; the diff shows every raised entry)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const MAX_FILE_LINES = 500;
export const MAX_FUNCTION_LINES = 150;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const allowlistPath = path.join(root, 'scripts', 'shape-allowlist.json');

const EXCLUDED =
  /(^|\/)(node_modules|dist|migrations|seed|seeds|test|tests|e2e|__tests__|bench|generated)\/|\.test\.tsx?$|\.spec\.tsx?$|\.seed\.ts$|\.d\.ts$|\.gen\.tsx?$/;
const ROUTES_FILE = /[.-]routes\.ts$/;
const DATA_LAYER = /\.repo\.ts$|(^|\/)db\/[^/]+\.ts$/;
const SQL_ALLOWED = /\.repo\.ts$|^apps\/api\/src\/db\//;
const SQL_START =
  /^\s*(SELECT\b|INSERT\s+INTO\b|UPDATE\s+[\w."]+\s+(AS\s+\w+\s+)?SET\b|DELETE\s+FROM\b|WITH\s+(RECURSIVE\s+)?\w+\s*(\([^)]*\)\s*)?AS\b|CALL\s+\w)/;

/** Source files to check: tracked and untracked-but-not-ignored .ts/.tsx files. */
export function listFiles(cwd = root) {
  const out = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', '*.ts', '*.tsx'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return out
    .split('\n')
    .filter(Boolean)
    .filter((f) => !EXCLUDED.test(f) && fs.existsSync(path.join(cwd, f)));
}

function lineCount(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) n++;
  return text.length > 0 && !text.endsWith('\n') ? n + 1 : n;
}

function isGenerated(text) {
  return /^\s*(\/\/|\/\*)[^\n]*(@generated|auto-generated|do not edit)/i.test(text);
}

function nameOf(node) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const p = node.parent;
  if (p && ts.isVariableDeclaration(p)) return p.name.getText();
  if (p && (ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p))) return p.name.getText();
  if (p && ts.isCallExpression(p)) {
    const callee = p.expression.getText().replace(/\s+/g, '');
    const first = p.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? `'${first.text}'` : '';
    return `${callee}(${label})`;
  }
  return '(anonymous)';
}

function isFunctionLike(n) {
  return (
    ts.isFunctionDeclaration(n) ||
    ts.isMethodDeclaration(n) ||
    ts.isArrowFunction(n) ||
    ts.isFunctionExpression(n) ||
    ts.isConstructorDeclaration(n) ||
    ts.isGetAccessorDeclaration(n) ||
    ts.isSetAccessorDeclaration(n)
  );
}

/** Measures one file: its lines, its functions over the limit, its SQL literals. */
export function measure(file, text) {
  const src = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const functions = [];
  const seen = new Map();
  let sql = 0;
  let dataImports = 0;
  if (ROUTES_FILE.test(file)) {
    for (const st of src.statements) {
      if (ts.isImportDeclaration(st) && !st.importClause?.isTypeOnly && DATA_LAYER.test(st.moduleSpecifier.text)) dataImports++;
    }
  }
  const visit = (n) => {
    if (isFunctionLike(n) && n.body) {
      const a = src.getLineAndCharacterOfPosition(n.getStart(src)).line;
      const b = src.getLineAndCharacterOfPosition(n.getEnd()).line;
      const lines = b - a + 1;
      if (lines > MAX_FUNCTION_LINES) {
        let name = nameOf(n);
        const k = (seen.get(name) ?? 0) + 1;
        seen.set(name, k);
        if (k > 1) name = `${name}#${k}`;
        functions.push({ name, line: a + 1, lines });
      }
    }
    if (ts.isTaggedTemplateExpression(n) && n.tag.getText(src) === 'sql') sql++;
    else if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      if (SQL_START.test(n.text)) sql++;
    } else if (ts.isTemplateExpression(n)) {
      if (SQL_START.test(n.head.text)) sql++;
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
  return { lines: lineCount(text), functions, sql, dataImports };
}

export function measureAll(cwd = root) {
  const files = [];
  for (const f of listFiles(cwd)) {
    const text = fs.readFileSync(path.join(cwd, f), 'utf8');
    if (isGenerated(text)) continue;
    files.push({ file: f, ...measure(f, text) });
  }
  return files;
}

/** Compares the measurements with the allowlist: violations fail, stale entries are reported. */
export function compare(measured, allow) {
  const violations = [];
  const stale = [];
  const next = { files: {}, functions: {}, sql: {}, routes: {} };
  const seenFiles = new Set();
  const seenFunctions = new Set();
  const seenSql = new Set();
  const seenRoutes = new Set();
  for (const m of measured) {
    if (m.lines > MAX_FILE_LINES) {
      seenFiles.add(m.file);
      const limit = allow.files?.[m.file];
      if (limit === undefined) violations.push(`${m.file}: ${m.lines} lines (files may have ${MAX_FILE_LINES} at most): split it`);
      else if (m.lines > limit) violations.push(`${m.file}: ${m.lines} lines, grew past its allowlisted ${limit}: split it`);
      else {
        if (m.lines < limit) stale.push(`files ${m.file}: ${limit} -> ${m.lines}`);
        next.files[m.file] = Math.min(m.lines, limit);
      }
    }
    for (const f of m.functions) {
      const key = `${m.file}::${f.name}`;
      seenFunctions.add(key);
      const limit = allow.functions?.[key];
      if (limit === undefined)
        violations.push(`${m.file}:${f.line} ${f.name}: ${f.lines} lines (functions may have ${MAX_FUNCTION_LINES} at most): split it`);
      else if (f.lines > limit) violations.push(`${m.file}:${f.line} ${f.name}: ${f.lines} lines, grew past its allowlisted ${limit}`);
      else {
        if (f.lines < limit) stale.push(`functions ${key}: ${limit} -> ${f.lines}`);
        next.functions[key] = Math.min(f.lines, limit);
      }
    }
    if (m.sql > 0 && !SQL_ALLOWED.test(m.file)) {
      seenSql.add(m.file);
      const limit = allow.sql?.[m.file];
      if (limit === undefined) violations.push(`${m.file}: ${m.sql} SQL statement(s) outside a *.repo.ts: move them to the module's repo`);
      else if (m.sql > limit)
        violations.push(`${m.file}: ${m.sql} SQL statements, more than its allowlisted ${limit}: add SQL to a *.repo.ts`);
      else {
        if (m.sql < limit) stale.push(`sql ${m.file}: ${limit} -> ${m.sql}`);
        next.sql[m.file] = Math.min(m.sql, limit);
      }
    }
  }
  for (const m of measured) {
    if (!m.dataImports) continue;
    seenRoutes.add(m.file);
    const limit = allow.routes?.[m.file];
    if (limit === undefined || m.dataImports > limit)
      violations.push(`${m.file}: imports ${m.dataImports} repo/db module(s): a route file calls services only`);
    else {
      if (m.dataImports < limit) stale.push(`routes ${m.file}: ${limit} -> ${m.dataImports}`);
      next.routes[m.file] = Math.min(m.dataImports, limit);
    }
  }
  for (const k of Object.keys(allow.routes ?? {})) if (!seenRoutes.has(k)) stale.push(`routes ${k}: no longer needed`);
  for (const k of Object.keys(allow.files ?? {})) if (!seenFiles.has(k)) stale.push(`files ${k}: no longer needed`);
  for (const k of Object.keys(allow.functions ?? {})) if (!seenFunctions.has(k)) stale.push(`functions ${k}: no longer needed`);
  for (const k of Object.keys(allow.sql ?? {})) if (!seenSql.has(k)) stale.push(`sql ${k}: no longer needed`);
  return { violations, stale, next };
}

function sorted(obj) {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b)));
}

function main() {
  const args = new Set(process.argv.slice(2));
  const measured = measureAll();
  if (args.has('--report')) {
    const files = measured.filter((m) => m.lines > MAX_FILE_LINES).sort((a, b) => b.lines - a.lines);
    const fns = measured.flatMap((m) => m.functions.map((f) => ({ ...f, file: m.file }))).sort((a, b) => b.lines - a.lines);
    const sqlFiles = measured.filter((m) => m.sql > 0 && !SQL_ALLOWED.test(m.file));
    console.log(`files over ${MAX_FILE_LINES} lines: ${files.length}`);
    for (const m of files) console.log(`  ${String(m.lines).padStart(5)} ${m.file}`);
    console.log(`functions over ${MAX_FUNCTION_LINES} lines: ${fns.length}`);
    for (const f of fns) console.log(`  ${String(f.lines).padStart(5)} ${f.file}:${f.line} ${f.name}`);
    console.log(`files with SQL outside *.repo.ts: ${sqlFiles.length} (${sqlFiles.reduce((s, m) => s + m.sql, 0)} statements)`);
    for (const m of sqlFiles.sort((a, b) => b.sql - a.sql)) console.log(`  ${String(m.sql).padStart(5)} ${m.file}`);
    const routeFiles = measured.filter((m) => m.dataImports > 0);
    console.log(`route files importing a repo or db/: ${routeFiles.length}`);
    for (const m of routeFiles) console.log(`  ${String(m.dataImports).padStart(5)} ${m.file}`);
    return;
  }
  if (args.has('--baseline')) {
    const out = { files: {}, functions: {}, sql: {}, routes: {} };
    for (const m of measured) {
      if (m.lines > MAX_FILE_LINES) out.files[m.file] = m.lines;
      for (const f of m.functions) out.functions[`${m.file}::${f.name}`] = f.lines;
      if (m.sql > 0 && !SQL_ALLOWED.test(m.file)) out.sql[m.file] = m.sql;
      if (m.dataImports) out.routes[m.file] = m.dataImports;
    }
    const doc = {
      $comment:
        'Offenders of the shape rules when the check came in (scripts/check-shape.mjs, docs/contributing.md "Shape"). Entries may only shrink or go: split a file, a function, or move SQL into a *.repo.ts, then run `node scripts/check-shape.mjs --shrink`.',
      files: sorted(out.files),
      functions: sorted(out.functions),
      sql: sorted(out.sql),
      routes: sorted(out.routes),
    };
    fs.writeFileSync(allowlistPath, `${JSON.stringify(doc, null, 2)}\n`);
    console.log('shape: allowlist written from the current measurements');
    return;
  }
  const allow = fs.existsSync(allowlistPath) ? JSON.parse(fs.readFileSync(allowlistPath, 'utf8')) : {};
  const { violations, stale, next } = compare(measured, allow);
  if (stale.length) {
    console.log(
      `shape: ${stale.length} allowlist entr${stale.length === 1 ? 'y' : 'ies'} can shrink or go (scripts/shape-allowlist.json):`,
    );
    for (const s of stale) console.log(`  ${s}`);
    if (args.has('--shrink')) {
      const out = {
        ...allow,
        files: sorted(next.files),
        functions: sorted(next.functions),
        sql: sorted(next.sql),
        routes: sorted(next.routes),
      };
      fs.writeFileSync(allowlistPath, `${JSON.stringify(out, null, 2)}\n`);
      console.log('shape: allowlist rewritten with the smaller values');
    } else console.log('  (run `node scripts/check-shape.mjs --shrink` to update the list)');
  }
  if (violations.length) {
    console.error(`shape: ${violations.length} violation(s) (docs/contributing.md "Shape"):`);
    for (const v of violations) console.error(`  ${v}`);
    process.exit(1);
  }
  console.log(
    `shape: ${measured.length} files checked, no file over ${MAX_FILE_LINES} lines, function over ${MAX_FUNCTION_LINES} or SQL outside a repo beyond the allowlist`,
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main();
