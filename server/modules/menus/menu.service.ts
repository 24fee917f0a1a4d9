// The header and footer menus (issue 36): a row per menu the author saved, the default
// (kernel/menu-rules.ts) otherwise. Every page shows both, so a change touches everything: the
// Menu trigger announces it as the bare table name, and this server's own write says the same.
import type { ContentChanges } from '../../cache/content-changes.ts';
import { depend } from '../../cache/dependencies.ts';
import type { Prisma, PrismaClient } from '../../generated/prisma/client.ts';
import { validationError } from '../../errors.ts';
import {
  DEFAULT_MENUS,
  MENU_NAMES,
  MENU_TARGET_KINDS,
  menuFieldErrors,
  normalizeMenuItem,
  type MenuItem,
  type MenuName,
} from '#kernel/menu-rules.ts';

export type Menus = Record<MenuName, MenuItem[]>;

/** A stored menu's items, as far as they are still entries (a hand-edited row keeps what it can). */
function itemsOf(json: Prisma.JsonValue): MenuItem[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((entry) => {
    const item = entry as Partial<MenuItem> | null;
    return item &&
      typeof item.label === 'string' &&
      typeof item.target === 'string' &&
      MENU_TARGET_KINDS.includes(item.kind as never)
      ? [{ label: item.label, kind: item.kind!, target: item.target }]
      : [];
  });
}

export class MenuService {
  constructor(
    private readonly prisma: PrismaClient,
    private readonly changes: ContentChanges,
  ) {}

  async all(): Promise<Menus> {
    depend(['menus']);
    const rows = await this.prisma.menu.findMany();
    const menus = { header: [...DEFAULT_MENUS.header], footer: [...DEFAULT_MENUS.footer] };
    for (const row of rows) {
      if ((MENU_NAMES as readonly string[]).includes(row.name)) menus[row.name as MenuName] = itemsOf(row.items);
    }
    return menus;
  }

  /** Replaces a menu's entries; one bad entry and nothing changes (field errors `items.{i}.label`...). */
  async replace(name: MenuName, items: readonly MenuItem[]): Promise<MenuItem[]> {
    const errors = menuFieldErrors(items);
    if (Object.keys(errors).length > 0) throw validationError(errors);
    const stored = items.map(normalizeMenuItem);
    const json = stored as unknown as Prisma.InputJsonValue;
    await this.prisma.menu.upsert({ where: { name }, create: { name, items: json }, update: { items: json } });
    this.changes.changed();
    return stored;
  }
}
