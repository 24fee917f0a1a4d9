// The import rules of docs/decisions/020-kernel-and-boundaries.md bite: each planted import, linted
// as if it were a file of that zone, fails with its rule's error, and a clean file passes.
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

/** The rule ids of the errors ESLint reports for `code` as the file at `file`. */
async function errors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? '');
}

describe('the import rules', () => {
  it.each([
    ['the client imports the server', 'client/src/lib/planted.ts', "import '../../../server/errors.ts';"],
    ['the server imports the client', 'server/planted.ts', "import '../client/src/lib/format-date.ts';"],
    ['the kernel imports the server', 'kernel/planted.ts', "import '../server/errors.ts';"],
    ['the kernel imports the client', 'kernel/planted.ts', "import '../client/src/lib/format-date.ts';"],
    ['a feature imports another', 'client/src/features/posts/planted.ts', "import '../auth/login-page.tsx';"],
    ['http/ imports a module', 'server/http/planted.ts', "import '../modules/post/post.service.ts';"],
    ['auth imports user', 'server/modules/auth/planted.ts', "import '../user/user.service.ts';"],
  ])('%s: no-restricted-paths', async (_, file, code) => {
    expect(await errors(file, code)).toEqual(['import-x/no-restricted-paths']);
  });

  it.each([
    ['a relative path', './post-rules.ts'],
    ['#kernel', '#kernel/post-rules.ts'],
  ])('an import cycle through %s: no-cycle', async (_, specifier) => {
    // post-rules.ts imports messages.ts, so messages.ts importing post-rules.ts closes a loop.
    const code = `import { POST_TEXT_MAX } from '${specifier}';\nexport const max = POST_TEXT_MAX;\n`;
    expect(await errors('kernel/messages.ts', code)).toEqual(['import-x/no-cycle']);
  });

  it.each([
    ['Node', "import path from 'node:path';\nexport const sep = path.sep;\n"],
    ['React', "import { useState } from 'react';\nexport const hook = useState;\n"],
    ['Prisma', "import { Prisma } from '@prisma/client';\nexport const prisma = Prisma;\n"],
  ])('the kernel imports %s: no-restricted-imports', async (_, code) => {
    expect(await errors('kernel/planted.ts', code)).toEqual(['no-restricted-imports']);
  });

  it("the kernel reads the browser's or Node's globals: no-restricted-globals", async () => {
    expect(await errors('kernel/planted.ts', 'export const here = window.location.href;\n')).toEqual([
      'no-restricted-globals',
    ]);
  });

  it('allow what the layout means: the kernel from both sides, a feature its own files, shared client code', async () => {
    expect(await errors('kernel/planted.ts', "import './messages.ts';")).toEqual([]);
    expect(await errors('server/planted.ts', "import '#kernel/messages.ts';")).toEqual([]);
    expect(await errors('server/modules/planted.ts', "import '../http/rest-router.ts';")).toEqual([]);
    expect(
      await errors(
        'client/src/features/posts/planted.ts',
        "import '#kernel/messages.ts';\nimport './post-list.tsx';\nimport '../../components/spinner.tsx';",
      ),
    ).toEqual([]);
  });
});
