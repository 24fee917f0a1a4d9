// turndown-plugin-gfm ships no types: the one plugin the Markdown export uses (markdown-export.ts).
declare module 'turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  export const tables: TurndownService.Plugin;
  export const gfm: TurndownService.Plugin;
}
