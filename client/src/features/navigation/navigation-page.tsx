// The header's and the footer's menus at /admin/navigation (issue 36): each entry a label and what
// it leads to (a page, a category, a tag, the blog, an address), added, removed and moved with
// buttons (so the keyboard does all of it). Each menu is saved whole; the server checks it with the
// same rules (kernel/menu-rules.ts) and changes nothing when an entry is refused. Leaving with
// unsaved changes asks first.
import { useMutation, useQuery } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { CATEGORY_SCREENS, SCREEN_TEXTS } from '#kernel/page-meta-rules.ts';
import {
  MENU_TARGET_KINDS,
  menuFieldErrors,
  type MenuItem,
  type MenuName,
  type MenuTargetKind,
} from '#kernel/menu-rules.ts';
import { ErrorMessage } from '../../components/error-message';
import { MoveButtons, rowControl } from '../../components/move-buttons';
import { focusFirstInvalid, FormActions, SelectField, TextField } from '../../components/form/form-field';
import { useUnsavedChanges } from '../../components/form/use-unsaved-changes';
import { PageMeta } from '../../components/page-meta';
import { Spinner } from '../../components/spinner';
import { graphql } from '../../gql';
import type { MenuName as ApiMenuName, MenuTargetKind as ApiKind } from '../../gql/graphql';
import { fieldErrorsOf } from '../../lib/api-errors';
import { MenusQuery } from '../../lib/menus';
import { toast } from '../../lib/toast';
import '../../components/form/form.css';
import './navigation-page.css';

const NAVIGATION_PATH = '/admin/navigation';

const ReplaceMenuMutation = graphql(`
  mutation ReplaceMenu($menu: MenuName!, $items: [MenuItemInput!]!) {
    replaceMenu(menu: $menu, items: $items) {
      label
      kind
      target
      href
    }
  }
`);

const KIND_LABELS: Record<MenuTargetKind, string> = {
  page: 'A page',
  category: 'A category',
  tag: 'A tag',
  blog: 'The blog',
  url: 'An address',
};

const TARGET_LABELS: Partial<Record<MenuTargetKind, string>> = {
  page: "Page's address (such as about)",
  tag: "Tag's address (such as retro-games)",
  url: 'Address (/path or https://…)',
};

const MENU_TITLES: Record<MenuName, string> = { header: 'Header menu', footer: 'Footer menu' };

/** An entry as the screen edits it: with a key that stays with it when it moves. */
interface Entry extends MenuItem {
  key: number;
}

let nextKey = 0;
const entriesOf = (items: readonly MenuItem[]): Entry[] =>
  items.map((item) => ({ label: item.label, kind: item.kind, target: item.target, key: nextKey++ }));
const itemsOf = (entries: readonly Entry[]): MenuItem[] =>
  entries.map(({ label, kind, target }) => ({ label, kind, target }));
const sameItems = (a: readonly MenuItem[], b: readonly MenuItem[]) => JSON.stringify(a) === JSON.stringify(b);

function MenuEditor({
  name,
  saved,
  onDirtyChange,
}: {
  name: MenuName;
  saved: readonly MenuItem[];
  onDirtyChange: (name: MenuName, dirty: boolean) => void;
}) {
  const [entries, setEntries] = useState(() => entriesOf(saved));
  const [stored, setStored] = useState<readonly MenuItem[]>(saved);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState('');
  const formRef = useRef<HTMLFormElement>(null);
  // The control to focus once the list has rendered again (after a move, an add or a removal).
  const focusTarget = useRef<string | null>(null);
  const [replaceMenu] = useMutation(ReplaceMenuMutation, { refetchQueries: [MenusQuery], awaitRefetchQueries: true });
  const dirty = !sameItems(itemsOf(entries), stored);

  useEffect(() => onDirtyChange(name, dirty), [name, dirty, onDirtyChange]);
  useEffect(() => {
    if (focusTarget.current === null) return;
    formRef.current?.querySelector<HTMLElement>(focusTarget.current)?.focus();
    focusTarget.current = null;
  }, [entries]);

  const errorOf = (index: number, field: 'label' | 'target') => errors[`items.${index}.${field}`];

  function update(index: number, change: Partial<MenuItem>) {
    setEntries((current) => current.map((entry, at) => (at === index ? { ...entry, ...change } : entry)));
    setErrors((current) => {
      const rest = { ...current };
      for (const field of Object.keys(change)) delete rest[`items.${index}.${field === 'kind' ? 'target' : field}`];
      return rest;
    });
  }

  function move(index: number, by: -1 | 1) {
    const to = index + by;
    const moved = [...entries];
    [moved[index], moved[to]] = [moved[to]!, moved[index]!];
    setEntries(moved);
    setErrors({});
    const entry = entries[index]!;
    setNote(`${entry.label || 'The entry'} is now ${to + 1} of ${entries.length}`);
    // The same button again, to move on; at either end, the other one.
    const atEnd = to === 0 || to === entries.length - 1;
    const control = atEnd ? (by < 0 ? 'down' : 'up') : by < 0 ? 'up' : 'down';
    focusTarget.current = rowControl(String(entry.key), control);
  }

  function remove(index: number) {
    const entry = entries[index]!;
    setEntries(entries.filter((_, at) => at !== index));
    setErrors({});
    setNote(`${entry.label || 'The entry'} removed`);
    focusTarget.current = `[data-menu-add="${name}"]`;
  }

  function add() {
    const entry = { label: '', kind: 'page' as const, target: '', key: nextKey++ };
    setEntries([...entries, entry]);
    focusTarget.current = `[data-entry="${entry.key}"] input`;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const items = itemsOf(entries);
    const found = menuFieldErrors(items);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(formRef.current);
      return;
    }
    setBusy(true);
    let answer: MenuItem[] | undefined;
    const refused = await fieldErrorsOf(async () => {
      const result = await replaceMenu({
        variables: {
          menu: name.toUpperCase() as ApiMenuName,
          items: items.map((item) => ({ ...item, kind: item.kind.toUpperCase() as ApiKind })),
        },
      });
      answer = result.data?.replaceMenu.map((item) => ({
        label: item.label,
        kind: item.kind.toLowerCase() as MenuTargetKind,
        target: item.target,
      }));
    });
    setBusy(false);
    if (refused) {
      setErrors(refused);
      focusFirstInvalid(formRef.current);
      return;
    }
    if (answer) {
      setStored(answer);
      setEntries(entriesOf(answer));
    }
    toast.success(`${MENU_TITLES[name]} has been saved`);
  }

  const headingId = `menu-${name}`;
  return (
    <section aria-labelledby={headingId} className="menu-editor">
      <h2 id={headingId}>{MENU_TITLES[name]}</h2>
      <form ref={formRef} className="form" noValidate onSubmit={(event) => void save(event)} aria-busy={busy}>
        {errors.items && <p className="form-field-error">{errors.items}</p>}
        <ol className="menu-entries">
          {entries.map((entry, index) => {
            const named = entry.label.trim() || `entry ${index + 1}`;
            return (
              <li key={entry.key} className="studio-row menu-entry" data-entry={entry.key}>
                <fieldset className="menu-entry-fields">
                  <legend className="visually-hidden">
                    {MENU_TITLES[name]}, entry {index + 1}
                  </legend>
                  <TextField
                    label="Label"
                    name={`label-${entry.key}`}
                    value={entry.label}
                    error={errorOf(index, 'label')}
                    onValueChange={(label) => update(index, { label })}
                  />
                  <SelectField
                    label="Leads to"
                    name={`kind-${entry.key}`}
                    value={entry.kind}
                    placeholder="Choose what it leads to"
                    options={MENU_TARGET_KINDS.map((kind) => [kind, KIND_LABELS[kind]] as const)}
                    onValueChange={(kind) => update(index, { kind: kind as MenuTargetKind, target: '' })}
                  />
                  {entry.kind === 'category' && (
                    <SelectField
                      label="Category"
                      name={`target-${entry.key}`}
                      value={entry.target}
                      placeholder="Choose a category"
                      options={CATEGORY_SCREENS.map((screen) => [screen.path, screen.heading] as const)}
                      error={errorOf(index, 'target')}
                      onValueChange={(target) => update(index, { target })}
                    />
                  )}
                  {TARGET_LABELS[entry.kind] && (
                    <TextField
                      label={TARGET_LABELS[entry.kind]!}
                      name={`target-${entry.key}`}
                      value={entry.target}
                      autoComplete="off"
                      error={errorOf(index, 'target')}
                      onValueChange={(target) => update(index, { target })}
                    />
                  )}
                </fieldset>
                <div className="menu-entry-actions">
                  <MoveButtons
                    row={String(entry.key)}
                    index={index}
                    count={entries.length}
                    name={named}
                    onMove={(by) => move(index, by)}
                  />
                  <button type="button" className="button button-danger button-small" onClick={() => remove(index)}>
                    Remove<span className="visually-hidden"> {named}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
        <p className="visually-hidden" role="status">
          {note}
        </p>
        <p>
          <button type="button" className="button button-secondary" data-menu-add={name} onClick={add}>
            Add an entry<span className="visually-hidden"> to the {MENU_TITLES[name].toLowerCase()}</span>
          </button>
        </p>
        <FormActions
          submitLabel={`Save the ${MENU_TITLES[name].toLowerCase()}`}
          busy={busy}
          busyLabel="Saving the menu"
        />
      </form>
    </section>
  );
}

export function NavigationPage() {
  // Fresh from the server: the screen starts from what is stored, not from a page read earlier.
  const { data, error } = useQuery(MenusQuery, { fetchPolicy: 'network-only' });
  const [dirtyMenus, setDirtyMenus] = useState<Record<MenuName, boolean>>({ header: false, footer: false });
  const onDirtyChange = useCallback(
    (name: MenuName, dirty: boolean) =>
      setDirtyMenus((current) => (current[name] === dirty ? current : { ...current, [name]: dirty })),
    [],
  );
  useUnsavedChanges(dirtyMenus.header || dirtyMenus.footer);

  const toItems = (items: ReadonlyArray<{ label: string; kind: string; target: string }>): MenuItem[] =>
    items.map((item) => ({ label: item.label, kind: item.kind.toLowerCase() as MenuTargetKind, target: item.target }));

  let content;
  if (error && !data) content = <ErrorMessage error={error} />;
  else if (!data) content = <Spinner label="Loading the menus" />;
  else {
    content = (
      <>
        <MenuEditor name="header" saved={toItems(data.menus.header)} onDirtyChange={onDirtyChange} />
        <MenuEditor name="footer" saved={toItems(data.menus.footer)} onDirtyChange={onDirtyChange} />
      </>
    );
  }
  return (
    <div className="container navigation-page">
      <PageMeta {...SCREEN_TEXTS.adminNavigation} path={NAVIGATION_PATH} noindex />
      <h1>Navigation</h1>
      <p className="navigation-intro">The links of the header&apos;s menu and of the footer, in order.</p>
      {content}
    </div>
  );
}
