// `npm run export:markdown -- <file.zip>`: writes every post and page as Markdown with front matter,
// pictures beside them, in a zip a Hugo or Astro site can use as it is (content/posts/{slug}/index.md;
// docs/decisions/053-import-and-export.md). `npm run import:site -- <file.zip>` reads it back.
import path from 'node:path';
import { exportMarkdown } from '../server/modules/import/markdown-export.ts';
import { imageStorageOf } from '../server/modules/media/image-storage.ts';
import { ImageStore } from '../server/modules/media/image-store.ts';
import { withScriptDatabase } from './lib/script-database.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || !args[0]!.endsWith('.zip')) {
    console.error('Usage: npm run export:markdown -- <file.zip>');
    return 2;
  }
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  return withScriptDatabase(async (config, db) => {
    const store = new ImageStore(imageStorageOf(config), config.maxUploadBytes);
    const counts = await exportMarkdown(db.prisma, store, file);
    console.log(`Wrote ${counts.posts} posts, ${counts.pages} pages and ${counts.pictures} pictures to ${file}.`);
    return 0;
  });
}

process.exit(await main());
