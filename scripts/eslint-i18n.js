// A local ESLint rule for the console's translations (issue 33): every text a person reads goes through t().
// - no-literal-text: a hard-coded text in JSX fails: a text child (`<Button>Save</Button>`, `{'Save'}`) or a
//   string given to a prop a person reads (label, placeholder, title, aria-label, description ...).
// A text counts when it holds a word of two or more letters once the `ignore` words are taken out: the product
// and protocol names every language writes the same (WireGuard, DNS, IPv4 ...), configured in eslint.config.js.
// Numbers, addresses and punctuation (`10.0.0.0/24`, `·`, `—`) pass.

/** The props whose strings a person reads. */
const TEXT_PROPS = new Set([
  'label',
  'placeholder',
  'title',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-valuetext',
  'alt',
  'description',
  'tooltip',
  'message',
  'error',
  'confirmLabel',
  'cancelLabel',
  'emptyText',
  'nothingFoundMessage',
]);

// A word: two or more letters standing alone, so hex in an address (fd3c::/64) or an interface (eth0) is no word.
const WORD = /(?<![\p{L}\p{N}:_])\p{L}{2,}(?![\p{L}\p{N}:_])/u;

const optionsSchema = [
  {
    type: 'object',
    properties: { ignore: { type: 'array', items: { type: 'string' } } },
    additionalProperties: false,
  },
];

const noLiteralText = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid hard-coded user-visible strings in JSX; use t() and the i18n files.' },
    schema: optionsSchema,
    messages: {
      child: 'Hard-coded text "{{text}}" in JSX: put it in i18n (en, fr, de) and render it with t().',
      prop: 'Hard-coded text "{{text}}" in the {{prop}} prop: put it in i18n (en, fr, de) and pass t().',
    },
  },
  create(context) {
    const ignored = (context.options[0]?.ignore ?? []).map((word) => new RegExp(`\\b${word}\\b`, 'gu'));
    /** The text a person would read, or undefined when it holds no word to translate. */
    const readable = (text) => {
      let rest = text;
      for (const word of ignored) rest = rest.replace(word, ' ');
      return WORD.test(rest) ? text.trim().replace(/\s+/g, ' ').slice(0, 60) : undefined;
    };
    /** The strings an expression yields as written: literals, templates, and both sides of ?:, || and ??. */
    const literalsIn = (node) => {
      if (!node) return [];
      switch (node.type) {
        case 'Literal':
          return typeof node.value === 'string' ? [[node, node.value]] : [];
        case 'TemplateLiteral':
          return node.quasis.map((quasi) => [quasi, quasi.value.cooked ?? '']);
        case 'ConditionalExpression':
          return [...literalsIn(node.consequent), ...literalsIn(node.alternate)];
        case 'LogicalExpression':
          return [...literalsIn(node.left), ...literalsIn(node.right)];
        case 'JSXExpressionContainer':
          return literalsIn(node.expression);
        default:
          return [];
      }
    };
    const isChild = (node) => node.parent?.type === 'JSXElement' || node.parent?.type === 'JSXFragment';
    return {
      JSXText(node) {
        const text = readable(node.value);
        if (text) context.report({ node, messageId: 'child', data: { text } });
      },
      JSXExpressionContainer(node) {
        if (!isChild(node)) return;
        for (const [literal, value] of literalsIn(node.expression)) {
          const text = readable(value);
          if (text) context.report({ node: literal, messageId: 'child', data: { text } });
        }
      },
      JSXAttribute(node) {
        const prop = node.name.type === 'JSXIdentifier' ? node.name.name : undefined;
        if (!prop || !TEXT_PROPS.has(prop)) return;
        for (const [literal, value] of literalsIn(node.value)) {
          const text = readable(value);
          if (text) context.report({ node: literal, messageId: 'prop', data: { text, prop } });
        }
      },
    };
  },
};

export default {
  meta: { name: 'meshdeck-i18n' },
  rules: { 'no-literal-text': noLiteralText },
};
