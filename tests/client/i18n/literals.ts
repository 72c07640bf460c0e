/**
 * Finds the literal texts a person would see or hear in a .ts or .tsx file of src/ (literals.test.ts):
 * JSX text and the props people read; label maps and options ({ label: '…' }); and, in helpers
 * written in plain .ts as much as in components, texts that reach the screen another way: strings
 * given to a toast, alert or notification call, set as an attribute people read (setAttribute('aria-label',
 * …), element.title = …, document.title = …), and strings returned by a function whose name says it
 * makes a text (statusLabel, payText, pageTitle, …). A heuristic: it finds literals with letters in
 * those places, never texts built elsewhere and passed along.
 */
import { readFileSync } from 'node:fs';
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
  'nothingFoundMessage',
  'caption',
  'legend',
  'tooltip',
]);
/** JSX props that are sometimes a text (a chart series' name="Requests") and sometimes an id (name="email"). */
const MAYBE_TEXT_PROPS = new Set(['name']);
const looksLikeText = (text: string) => /^\p{Lu}|\s/u.test(text.trim());
/** Object properties that hold what a person reads (label maps, options, toasts). */
const OBJECT_PROPS = new Set([
  'label',
  'title',
  'placeholder',
  'description',
  'message',
  'ariaLabel',
  'aria-label',
  'caption',
  'tooltip',
  'text',
  'body',
  'heading',
  'subtitle',
  'hint',
  'confirmLabel',
  'cancelLabel',
]);
/** Calls whose string argument a person reads or hears (toasts, alerts, notifications, announcements). */
const SHOWING_CALLS =
  /^(alert|confirm|prompt|toast|notify|showToast|showNotification|announce|setError|setMessage|setStatus)$/;
/** Methods that show their argument: notifications.show('…'), toast.error('…'), …. */
const SHOWING_METHODS = /^(show|error|success|info|warn|warning|notify|announce)$/;
/** Attributes and element properties people read or hear. */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'title',
  'placeholder',
  'alt',
  'aria-valuetext',
]);
const VISIBLE_PROPERTIES = new Set(['title', 'textContent', 'innerText', 'placeholder', 'alt', 'ariaLabel']);
/** A function whose name says it makes a text people read: statusLabel, payText, pageTitle, errorMessage. */
const TEXT_FUNCTION = /(Label|Text|Title|Message|Caption|Hint|Heading|Description)s?$/;
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
    if (
      ts.isBinaryExpression(expr) &&
      (expr.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    )
      return literalText(expr.right);
    return null;
  };
  const functionName = (node: ts.FunctionLikeDeclaration): string => {
    if (node.name && ts.isIdentifier(node.name)) return node.name.text;
    const parent = node.parent;
    if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
    return '';
  };
  const isTextFunction = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
    (ts.isFunctionDeclaration(node) ||
      ts.isArrowFunction(node) ||
      ts.isFunctionExpression(node) ||
      ts.isMethodDeclaration(node)) &&
    TEXT_FUNCTION.test(functionName(node));
  /** The return statements of a function body, not those of functions nested in it. */
  const forEachReturn = (body: ts.Node, each: (expr: ts.Expression) => void) => {
    const walk = (n: ts.Node) => {
      if (ts.isReturnStatement(n) && n.expression) each(n.expression);
      if (ts.isFunctionLike(n)) return;
      ts.forEachChild(n, walk);
    };
    ts.forEachChild(body, walk);
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
    }
    // placeholder="Email", and name="Requests" (a chart series, read in its legend) but not
    // name="email" (a field's id).
    else if (
      ts.isJsxAttribute(node) &&
      (USER_PROPS.has(node.name.getText(source)) || MAYBE_TEXT_PROPS.has(node.name.getText(source)))
    ) {
      const prop = node.name.getText(source);
      const init = node.initializer;
      const text = !init
        ? null
        : ts.isStringLiteral(init)
          ? init.text
          : ts.isJsxExpression(init)
            ? literalText(init.expression)
            : null;
      if (text && hasWords(text) && (USER_PROPS.has(prop) || looksLikeText(text)))
        report(node, `${prop}=${text}`);
    }
    // toast('Saved'), alert('…'), notifications.show('…'): the call shows its text argument.
    else if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const shows =
        (ts.isIdentifier(callee) && SHOWING_CALLS.test(name)) ||
        (ts.isPropertyAccessExpression(callee) &&
          !(ts.isIdentifier(callee.expression) && callee.expression.text === 'console') &&
          (SHOWING_METHODS.test(name) || SHOWING_CALLS.test(name)));
      if (shows)
        for (const arg of node.arguments) {
          const text = literalText(arg);
          if (text && hasWords(text) && looksLikeText(text)) report(arg, `${name}(${text})`);
        }
      // element.setAttribute('aria-label', 'Close')
      if (name === 'setAttribute' && node.arguments.length === 2) {
        const attribute = literalText(node.arguments[0]);
        const text = literalText(node.arguments[1]);
        if (attribute && VISIBLE_ATTRIBUTES.has(attribute) && text && hasWords(text))
          report(node, `${attribute}=${text}`);
      }
    }
    // throw new Error('Please fill in your personal details first.'): the flows show a failure's
    // message when no rule's message says more, so a sentence in an error is a text people read.
    else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      /Error$/.test(node.expression.text)
    ) {
      for (const arg of node.arguments ?? []) {
        const text = literalText(arg);
        if (text && hasWords(text) && /^\p{Lu}[^\s]*\s/u.test(text.trim()))
          report(arg, `${node.expression.text}(${text})`);
      }
    }
    // const NOT_FOUND = 'Please fill in your details first.': a whole sentence kept for later display.
    else if (ts.isVariableDeclaration(node) && node.initializer) {
      const text = literalText(node.initializer);
      if (text && hasWords(text) && /^\p{Lu}\S*\s.*[.!?]$/u.test(text.trim()))
        report(node, `${node.name.getText(source)} = ${text}`);
    }
    // document.title = 'Bengal Tutors – Log in'; button.textContent = 'Retry'
    else if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      VISIBLE_PROPERTIES.has(node.left.name.text)
    ) {
      const text = literalText(node.right);
      if (text && hasWords(text)) report(node, `${node.left.name.text} = ${text}`);
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
    // A text-making function's own literal results: const statusLabel = (s) => LABELS[s] ?? 'Unknown';
    // function pageTitle() { return 'Dashboard'; }
    if (isTextFunction(node)) {
      const body = node.body;
      if (body && !ts.isBlock(body)) {
        const text = literalText(body);
        if (text && hasWords(text) && looksLikeText(text)) report(body, `returns ${text}`);
      } else if (body)
        forEachReturn(body, (expr) => {
          const text = literalText(expr);
          if (text && hasWords(text) && looksLikeText(text)) report(expr, `returns ${text}`);
        });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
