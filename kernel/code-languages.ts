// The languages a code block may be labelled with: the editor offers them, the sanitizer keeps only
// their class (language-<id>), and the server highlights each with highlight.js (ids are its names).
// Pure: no Node imports, and no highlighter here (the server alone loads one).

export const CODE_LANGUAGES = {
  bash: 'Shell',
  c: 'C',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  go: 'Go',
  java: 'Java',
  javascript: 'JavaScript',
  json: 'JSON',
  kotlin: 'Kotlin',
  lua: 'Lua',
  markdown: 'Markdown',
  php: 'PHP',
  python: 'Python',
  ruby: 'Ruby',
  rust: 'Rust',
  sql: 'SQL',
  swift: 'Swift',
  typescript: 'TypeScript',
  xml: 'HTML / XML',
  yaml: 'YAML',
} as const;

export type CodeLanguage = keyof typeof CODE_LANGUAGES;

/** Other names a pasted or posted block may carry its language by (```js, class="language-html"). */
const ALIASES: Record<string, CodeLanguage> = {
  sh: 'bash',
  shell: 'bash',
  zsh: 'bash',
  'c++': 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  golang: 'go',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  kt: 'kotlin',
  md: 'markdown',
  py: 'python',
  rb: 'ruby',
  rs: 'rust',
  ts: 'typescript',
  tsx: 'typescript',
  html: 'xml',
  svg: 'xml',
  yml: 'yaml',
};

export function isCodeLanguage(value: unknown): value is CodeLanguage {
  return typeof value === 'string' && Object.hasOwn(CODE_LANGUAGES, value);
}

/** The language a name stands for (its id or a usual alias, any case), or null. */
export function codeLanguageOf(name: string): CodeLanguage | null {
  const lower = name.trim().toLowerCase();
  if (isCodeLanguage(lower)) return lower;
  return ALIASES[lower] ?? null;
}

/** The class a code block's code carries its language by (language-x), in stored and shown content. */
export function codeLanguageClass(language: CodeLanguage): string {
  return `language-${language}`;
}

/** The language a class attribute names (language-x or lang-x, as Markdown tools write it), or null. */
export function codeLanguageOfClass(value: string): CodeLanguage | null {
  for (const name of value.split(/\s+/)) {
    const match = /^(?:language|lang)-(.+)$/.exec(name);
    const language = match ? codeLanguageOf(match[1]!) : null;
    if (language) return language;
  }
  return null;
}
