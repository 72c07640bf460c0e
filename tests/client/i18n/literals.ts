/** Finds the literal texts a person would see or hear in a .tsx file (literals.test.ts). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

export const EXEMPT = [/^src\/features\/machines\//];
const USER_PROPS = new Set([
  'placeholder',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-valuetext',
  'aria-roledescription',
  'title',
  'label',
  'alt',
  'description',
  'error',
  'content',
  'confirmLabel',
  'cancelLabel',
  'message',
]);
/** Object properties that hold what a person reads (label maps, options, toasts). */
const OBJECT_PROPS = new Set(['label', 'title', 'placeholder', 'description', 'message', 'ariaLabel']);
/** A message key ('auth:login.title') is not a text: it goes through t() where it is shown. */
const KEY = /^[a-z]+:[A-Za-z0-9_.-]+$/;
const hasWords = (text: string) => /\p{L}/u.test(text) && !KEY.test(text.trim());

/** The literal texts of one file a person would see or hear, as 'line: text'. */
export function visibleLiterals(path: string): string[] {
  const source = ts.createSourceFile(
    path,
    readFileSync(path, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, text: string) =>
    found.push(
      `${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${text.trim().slice(0, 60)}`,
    );
  const literalText = (expr: ts.Expression | undefined): string | null => {
    if (!expr) return null;
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    if (ts.isTemplateExpression(expr))
      return [expr.head.text, ...expr.templateSpans.map((s) => s.literal.text)].join(' ');
    if (ts.isConditionalExpression(expr)) return literalText(expr.whenTrue) ?? literalText(expr.whenFalse);
    if (ts.isParenthesizedExpression(expr)) return literalText(expr.expression);
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
      return literalText(expr.right);
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.parent &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      const text = literalText(node.expression);
      if (text && hasWords(text)) report(node, text);
    } else if (ts.isJsxAttribute(node) && USER_PROPS.has(node.name.getText(source))) {
      const init = node.initializer;
      const text = !init
        ? null
        : ts.isStringLiteral(init)
          ? init.text
          : ts.isJsxExpression(init)
            ? literalText(init.expression)
            : null;
      if (text && hasWords(text)) report(node, `${node.name.getText(source)}=${text}`);
    }
    // Label maps and options: { label: 'Dashboard' }, { title: '…' } in .ts and .tsx files alike.
    else if (
      ts.isPropertyAssignment(node) &&
      (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name)) &&
      OBJECT_PROPS.has(node.name.text)
    ) {
      const text = literalText(node.initializer);
      if (text && hasWords(text)) report(node, `${node.name.text}: ${text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
