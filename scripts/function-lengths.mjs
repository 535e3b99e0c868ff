// function lengths in TS files via the TypeScript compiler API

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const root = process.argv[2];
const out = [];
function walk(d) {
  for (const f of fs.readdirSync(d)) {
    const p = path.join(d, f);
    const s = fs.statSync(p);
    if (s.isDirectory()) walk(p);
    else if (p.endsWith('.ts')) scan(p);
  }
}
function scan(p) {
  const src = ts.createSourceFile(p, fs.readFileSync(p, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (n) => {
    if (ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n) || ts.isArrowFunction(n) || ts.isFunctionExpression(n)) {
      const a = src.getLineAndCharacterOfPosition(n.getStart()).line + 1;
      const b = src.getLineAndCharacterOfPosition(n.getEnd()).line + 1;
      let name = n.name?.getText?.() ?? '';
      if (!name && n.parent && ts.isVariableDeclaration(n.parent)) name = n.parent.name.getText();
      if (!name && n.parent && ts.isPropertyAssignment(n.parent)) name = n.parent.name.getText();
      if (!name) name = '(anonymous)';
      out.push([b - a + 1, `${path.relative(process.cwd(), p)}:${a} ${name}`]);
    }
    ts.forEachChild(n, visit);
  };
  visit(src);
}
walk(root);
out.sort((x, y) => y[0] - x[0]);
const n = Number(process.argv[3] ?? 15);
for (const [l, s] of out.slice(0, n)) console.log(String(l).padStart(5), s);
console.log('functions over 150 lines:', out.filter((x) => x[0] > 150).length);
