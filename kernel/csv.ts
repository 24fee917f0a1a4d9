// Comma-separated values as RFC 4180 writes them (what spreadsheets save): fields in double quotes
// may hold commas, quotes (doubled) and line breaks. Pure: the studio and the server share it.

/** The rows of a CSV text, each with its line number (1-based, where the row starts). Blank lines are skipped. */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowHasText = false;
  const endRow = () => {
    fields.push(field);
    if (rowHasText || fields.length > 1) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
    rowHasText = false;
  };
  const source = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < source.length; i++) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line++;
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
      rowHasText = true;
    } else if (char === ',') {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i++;
      endRow();
      line++;
      rowLine = line;
    } else {
      field += char;
      if (char.trim() !== '') rowHasText = true;
    }
  }
  if (field !== '' || fields.length > 0 || rowHasText) endRow();
  return rows;
}

/** One CSV row: fields quoted when they need it. */
export function csvRow(fields: readonly string[]): string {
  return fields.map((field) => (/[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field)).join(',');
}
