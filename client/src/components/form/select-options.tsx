// A select's options: a first one for no choice (value ''), then one per [value, text] pair. For the
// form's selects, the posts screen's filters and the editor's code language alike.
export function SelectOptions({ none, options }: { none: string; options: ReadonlyArray<readonly [string, string]> }) {
  return (
    <>
      <option value="">{none}</option>
      {options.map(([value, text]) => (
        <option key={value} value={value}>
          {text}
        </option>
      ))}
    </>
  );
}
