// The GraphQL documents the React client sends, taken from its generated typed documents and
// transformed as Apollo Client transforms them (every selection gains __typename), so the GraphQL
// figures measure exactly the client's page selection, and follow it when the client changes.
// If the server refuses the client's own document, the bench says so in the table and measures the
// same fields with the fragments written inline, so the other figures still exist.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { addTypenameToDocument } from '@apollo/client/utilities';
import {
  Kind,
  print,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { repoRoot } from '../config.ts';

export interface ClientDocument {
  /** The name of the client's operation, for the table. */
  name: string;
  /** As the client sends it. */
  exact: string;
  /** The same selection with every fragment spread replaced by the fragment's fields. */
  inlined: string;
}

export interface ClientDocuments {
  /** posts(page:, search:) with the blog list's fragments. */
  blogList: ClientDocument;
  /** post(id:) with the post page's fragments. */
  postDetail: ClientDocument;
  /** posts(page:, category:): what a category page asks once the bare client has loaded. */
  categoryList: ClientDocument;
  /** The studio's writes: its editor's create and save, its list's delete. */
  createPost: ClientDocument;
  updatePost: ClientDocument;
  deletePost: ClientDocument;
}

const GENERATED = path.join(repoRoot, 'client/src/gql/graphql.ts');

function inlineFragments(document: DocumentNode): DocumentNode {
  const fragments = new Map(
    document.definitions
      .filter((definition): definition is FragmentDefinitionNode => definition.kind === Kind.FRAGMENT_DEFINITION)
      .map((definition) => [definition.name.value, definition]),
  );
  const expand = <T extends DocumentNode | SelectionSetNode>(node: T): T =>
    visit(node, {
      SelectionSet: {
        leave: (set): SelectionSetNode => ({
          ...set,
          selections: set.selections.flatMap((selection): readonly SelectionNode[] => {
            if (selection.kind !== Kind.FRAGMENT_SPREAD) return [selection];
            const fragment = fragments.get(selection.name.value);
            if (!fragment) throw new Error(`Unknown fragment ${selection.name.value}`);
            return expand(fragment.selectionSet).selections;
          }),
        }),
      },
    });
  return expand({
    ...document,
    definitions: document.definitions.filter((definition) => definition.kind !== Kind.FRAGMENT_DEFINITION),
  });
}

export async function loadClientDocuments(): Promise<ClientDocuments> {
  if (!existsSync(GENERATED)) {
    throw new Error(`${GENERATED} is missing: run \`npm run generate\` (the client build does it too).`);
  }
  // Imported at run time: the file is generated, and only exists once the client has been built.
  const generated = (await import(GENERATED)) as Record<string, DocumentNode | undefined>;
  const document = (name: string): ClientDocument => {
    const node = generated[`${name}Document`];
    if (!node) throw new Error(`The client no longer has ${name}: update bench/lib/client-documents.ts.`);
    const sent = addTypenameToDocument(node);
    return { name, exact: print(sent), inlined: print(inlineFragments(sent)) };
  };
  return {
    blogList: document('BlogList'),
    postDetail: document('PostDetail'),
    categoryList: document('CategoryList'),
    createPost: document('CreatePost'),
    updatePost: document('UpdatePost'),
    deletePost: document('DeletePost'),
  };
}

export interface ChosenQuery {
  query: string;
  /** Set when the client's own document was refused and the inlined one is measured instead. */
  refusal?: string;
}

/** The client's document if the server answers it, else the inlined one with the server's refusal. */
export async function acceptedQuery(
  url: string,
  document: ClientDocument,
  variables: Record<string, unknown>,
): Promise<ChosenQuery> {
  const errorsOf = async (query: string) => {
    const response = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: Array<{ message: string }> };
    return body.errors?.map((error) => error.message).join('; ');
  };
  const refusal = await errorsOf(document.exact);
  if (!refusal) return { query: document.exact };
  const inlinedRefusal = await errorsOf(document.inlined);
  if (inlinedRefusal) throw new Error(`The server refuses ${document.name}: ${refusal} (inlined: ${inlinedRefusal})`);
  return { query: document.inlined, refusal: `the client's ${document.name} document is refused: ${refusal}` };
}
